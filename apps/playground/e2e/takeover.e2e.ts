// Account takeover protection as a user meets it in the default kit (issue 25): a password sign-up proves its
// address at once with a passcode (the sign-up session's own code, so nothing is reset and the password stays), and
// the owner who proves an address someone else signed up with is told, on the success screen, what was removed.
import { describe, expect } from 'vitest';
import {
  checkA11y,
  expectSignedIn,
  lastCode,
  open,
  PROVIDER_URL,
  signOut,
  test,
  typeCode,
  uniqueEmail,
  widget,
  wrongCode,
} from './support';

/** Email passcodes only: the owner's sign-in. */
const PASSCODE_PAGE = '/?products=otp&methods=email';

function strongPassword(): string {
  return `Quartz-Plover-${Math.random().toString(36).slice(2, 8)}-Lantern-92`;
}

describe('account takeover protection (default kit)', () => {
  test('a password sign-up proves its address with a passcode, and the password then still signs in', async ({
    page,
  }) => {
    const email = uniqueEmail('takeover-signup');
    const password = strongPassword();
    await open(page, '/?products=passwords');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByLabel('Password', { exact: true }).fill(password);
    await expect.poll(() => signIn.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    await signIn.getByRole('button', { name: 'Continue' }).click();

    // Signed up and signed in; the code step follows at once, with no way back to a sign-in form.
    await signIn.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    await signIn
      .getByText(`To finish creating your account, enter the 6-digit passcode we sent to ${email}.`)
      .waitFor();
    expect(await signIn.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await expectSignedIn(page, email);
    await checkA11y(page, 'OTPAuthenticate (verify the new address)');

    const code = await lastCode(email);
    await typeCode(page, wrongCode(code));
    await signIn.getByRole('alert').filter({ hasText: 'Invalid passcode, please try again.' }).waitFor();
    await typeCode(page, code);
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    // The sign-up session proved it: nothing was reset, so no notice.
    expect(await signIn.locator('[data-part="account-reset"]').count()).toBe(0);
    await checkA11y(page, 'OTPConfirmation after the sign-up');

    // The address is proved: a code from another browser later resets nothing, and the password still works.
    await signOut(page);
    await open(page, '/?products=passwords');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByLabel('Password', { exact: true }).fill(password);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByText('You have successfully logged in.').waitFor();
    await expectSignedIn(page, email);
  });

  test('the owner who proves an address a stranger signed up with is told what was removed', async ({ page }) => {
    const email = uniqueEmail('takeover-owner');
    // A stranger signs up with the owner's address and a password, straight through the API, and stops there.
    const token = 'public-token-test-latchkey-playground';
    const created = await fetch(`${PROVIDER_URL}/sdk/v1/passwords`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email, password: strongPassword(), session_duration_minutes: 60 }),
    });
    expect(created.status).toBe(200);

    // The owner signs in with a code sent to their address.
    await open(page, PASSCODE_PAGE);
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(email));
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    const notice = signIn.locator('[data-part="account-reset"]');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await notice.textContent()).toBe(
      `For your security, we removed a password that was added to this account before you proved you own ${email}. We also signed it out on every other device.`,
    );
    await expectSignedIn(page, email);
    await checkA11y(page, 'OTPConfirmation with the account-reset notice');
  });
});
