// The two kits' pages: the default kit's configuration switcher (kept in the URL, shown as JSON, a
// configuration error), the password-policy note, and the unstyled kit with the playground's own skin.
import { describe, expect } from 'vitest';
import { checkA11y, expectSignedIn, lastCode, open, test, typeCode, uniqueEmail, widget } from './support';

describe('the kit pages', () => {
  test('the configuration switcher drives the default kit through the URL', async ({ page }) => {
    await open(page, '/?products=otp&methods=sms,whatsapp');
    const signIn = widget(page);
    await expect.poll(() => signIn.getByRole('tab').allTextContents()).toEqual(['Text', 'WhatsApp']);
    const json = () =>
      page
        .getByTestId('config-json')
        .textContent()
        .then((text) => JSON.parse(text ?? '{}'));
    expect((await json()).otpOptions.methods).toEqual(['sms', 'whatsapp']);

    const form = page.getByRole('form', { name: 'Widget configuration' });
    await form.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await expect.poll(() => signIn.getByRole('tab').allTextContents()).toEqual(['Text', 'WhatsApp', 'Email']);
    await form.getByRole('button', { name: 'Move Email up' }).click();
    await expect.poll(() => signIn.getByRole('tab').allTextContents()).toEqual(['Text', 'Email', 'WhatsApp']);
    await expect.poll(() => new URL(page.url()).search).toBe('?products=otp&methods=sms,email,whatsapp');
    expect((await json()).otpOptions.methods).toEqual(['sms', 'email', 'whatsapp']);

    await form.getByRole('checkbox', { name: /Email magic links/ }).check();
    await signIn.getByText('Error: Cannot use both EML and Email OTP').waitFor();

    await form.getByRole('checkbox', { name: /Hide the header text/ }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('hideHeaderText')).toBe('1');
    await open(page, '/?products=otp&methods=email&hideHeaderText=1');
    await signIn.getByLabel('Email').waitFor();
    expect(await signIn.getByRole('heading', { name: 'Sign up or log in' }).count()).toBe(0);

    // The password policy is the provider's: zxcvbn by default, reported by the bootstrap and strength checks.
    await page.getByTestId('bootstrap-policy').getByText('zxcvbn (no LUDS settings)').waitFor();
    await page.getByLabel('Try a password').fill('correct horse battery staple');
    await page
      .getByTestId('strength-policy')
      .getByText(/^strength_policy: zxcvbn, score \d of 4/)
      .waitFor();
    await checkA11y(page, '/ with the header hidden');
  });

  test('the unstyled kit wears the playground skin and signs in', async ({ page }) => {
    const email = uniqueEmail('unstyled');
    await open(page, '/unstyled?products=otp&methods=email');
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    // The skin's dark background comes from `[data-scope="sign-in"][data-part="root"]`, nothing else.
    await expect
      .poll(() => signIn.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(20, 18, 31)');
    await checkA11y(page, '/unstyled Main');

    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await checkA11y(page, '/unstyled OTPAuthenticate');
    await typeCode(page, await lastCode(email));
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, '/unstyled OTPConfirmation');
  });
});
