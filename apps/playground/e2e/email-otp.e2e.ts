// Email passcodes in the default kit (`/?products=otp&methods=email`): sign-up with the code from the inbox,
// the invalid-email message, a wrong code, resend, the countdown running out, and a keyboard-only sign-in.
import { describe, expect } from 'vitest';
import {
  checkA11y,
  expectSignedIn,
  inbox,
  lastCode,
  open,
  test,
  typeCode,
  uniqueEmail,
  waitForMessage,
  widget,
  wrongCode,
} from './support';

const PAGE = '/?products=otp&methods=email';

describe('email passcode (default kit)', () => {
  test('a new visitor signs up with the passcode from the development inbox', async ({ page }) => {
    const email = uniqueEmail('otp-signup');
    await open(page, PAGE);
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await checkA11y(page, 'Main (email passcode)');

    await signIn.getByLabel('Email').fill('ada@example');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Invalid email address.' }).waitFor();
    expect(await inbox('ada@example')).toEqual([]);
    await checkA11y(page, 'Main with an invalid email');

    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await signIn.getByText(`A 6-digit passcode was sent to you at ${email}.`).waitFor();
    await signIn.getByText(/^Your code expires in [45]:\d\d\.$/).waitFor();
    await checkA11y(page, 'OTPAuthenticate');

    await typeCode(page, await lastCode(email));
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, 'OTPConfirmation');

    await page.getByRole('link', { name: email }).click();
    await page.getByRole('heading', { level: 1, name: 'Session' }).waitFor();
    await page.getByTestId('session-user').getByText(email).waitFor();
    await page.getByTestId('session-factors').getByText(`otp by email (${email})`).waitFor();
    await checkA11y(page, '/session (signed in)');
  });

  test('a wrong code is refused; a resent code signs in', async ({ page }) => {
    const email = uniqueEmail('otp-resend');
    await open(page, PAGE);
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    const first = await lastCode(email);

    await typeCode(page, wrongCode(first));
    await signIn.getByRole('alert').filter({ hasText: 'Invalid passcode, please try again.' }).waitFor();
    await checkA11y(page, 'OTPAuthenticate with a wrong code');

    await signIn.getByRole('button', { name: 'Resend code' }).click();
    await signIn.getByRole('button', { name: 'Code sent' }).waitFor();
    const second = (await waitForMessage(email, 2)).codes[0] ?? '';
    // 'Code sent' is shown for about 2 seconds, then the link is back.
    await signIn.getByRole('button', { name: 'Resend code' }).waitFor();

    await typeCode(page, second);
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
  });

  // The provider's clock is real and a code lives at least a minute, so the expiry is shown with the browser's
  // clock: the countdown reaches 'Your code has expired.' and a resent code restarts it. The provider's side
  // (an expired code answers otp_code_not_found, 'Invalid passcode, please try again.') is tested in
  // apps/provider/src/products/otp/routes.test.ts with an injected clock.
  test('the countdown runs out, and a resent code starts it again', async ({ page }) => {
    const email = uniqueEmail('otp-expiry');
    await page.clock.install();
    await open(page, PAGE);
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByText(/^Your code expires in [45]:\d\d\.$/).waitFor();

    await page.clock.fastForward('05:01');
    await signIn.getByText('Your code has expired.').waitFor();
    await checkA11y(page, 'OTPAuthenticate, expired');

    await signIn.getByRole('button', { name: 'Resend code' }).click();
    await signIn.getByText(/^Your code expires in [45]:\d\d\.$/).waitFor();
    await typeCode(page, (await waitForMessage(email, 2)).codes[0] ?? '');
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
  });

  test('signs in with the keyboard alone', async ({ page }) => {
    const email = uniqueEmail('otp-keyboard');
    await open(page, PAGE);
    const signIn = widget(page);
    const emailInput = signIn.getByLabel('Email');
    await emailInput.waitFor();

    // Tab from the top of the page to the email field.
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await emailInput.evaluate((element) => element === document.activeElement);
    }
    expect(reached, 'the email field is reachable with Tab').toBe(true);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    // The passcode screen takes focus (its heading); the first box is the next stop.
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    const firstBox = signIn.getByLabel('Digit 1 of 6');
    reached = false;
    for (let presses = 0; presses < 10 && !reached; presses += 1) {
      reached = await firstBox.evaluate((element) => element === document.activeElement);
      if (!reached) await page.keyboard.press('Tab');
    }
    expect(reached, 'the first passcode box is reachable with Tab').toBe(true);
    await page.keyboard.type(await lastCode(email));
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
  });
});
