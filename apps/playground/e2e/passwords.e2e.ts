// Passwords in the default kit (`/?products=emailMagicLinks,passwords`): sign-up (a breached password refused first, the
// address proved by a passcode right after), log-in with
// a wrong then the right password, and 'Forgot Password?': resend, the email's 'log in without a password' link,
// and the reset link, which opens the kit's reset screen on /authenticate.
//
// The provider refuses breached passwords when one is SET (sign-up, reset), so the breached path a user can
// reach is the sign-up notice; the PasswordBreached screen (a breached password at log-in) needs a stored
// breached password, which this provider never accepts.
import { describe, expect } from 'vitest';
import {
  checkA11y,
  createPasswordUser,
  expectSignedIn,
  lastCode,
  linkIn,
  messageNumber,
  open,
  signOut,
  test,
  typeCode,
  uniqueEmail,
  waitForMessage,
  widget,
} from './support';

const PAGE = '/?products=emailMagicLinks,passwords';
const BREACHED_NOTICE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

function strongPassword(): string {
  return `Quartz-Plover-${Math.random().toString(36).slice(2, 8)}-Lantern-92`;
}

describe('passwords (default kit)', () => {
  test('a new visitor creates a password (a breached one is refused), then logs out and back in', async ({ page }) => {
    const email = uniqueEmail('password-signup');
    const password = strongPassword();
    await open(page, PAGE);
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    // A new address: an emailed link as the alternative, or a password.
    await signIn.getByRole('heading', { name: 'Choose how you would like to create your account.' }).waitFor();
    await signIn.getByRole('button', { name: 'Email me a login link' }).waitFor();
    await signIn.getByText('Finish creating your account by setting a password.').waitFor();
    await checkA11y(page, 'PasswordCreateOrLogin (new)');

    const passwordField = signIn.getByLabel('Password', { exact: true });
    await passwordField.fill('password123');
    await signIn.getByText(BREACHED_NOTICE).waitFor();
    await expect.poll(() => signIn.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await checkA11y(page, 'set password, breached');

    await passwordField.fill(password);
    await expect.poll(() => signIn.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    // Signed up, then the address is proved with the sign-up session (takeover.e2e.ts looks at this step closely).
    await signIn.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    await expectSignedIn(page, email);
    await typeCode(page, await lastCode(email));
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, 'OTPConfirmation after the sign-up');

    await signOut(page);
    await open(page, PAGE);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Log In' }).waitFor();
    await checkA11y(page, 'PasswordCreateOrLogin (password)');
    await signIn.getByLabel('Password', { exact: true }).fill(`${password}-wrong`);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Unauthorized credentials.' }).waitFor();
    await checkA11y(page, 'PasswordCreateOrLogin (password), wrong password');
    await signIn.getByLabel('Password', { exact: true }).fill(password);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByText('You have successfully logged in.').waitFor();
    await expectSignedIn(page, email);
  });

  test('forgot password: resend, log in without a password, then reset by the emailed link', async ({ page }) => {
    const email = uniqueEmail('password-reset');
    const newPassword = strongPassword();
    await createPasswordUser(email, strongPassword());

    await open(page, PAGE);
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Log In' }).waitFor();
    await signIn.getByRole('button', { name: 'Forgot Password?' }).click();
    await signIn.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await signIn.getByText(`A link to reset your password was sent to you at ${email}.`).waitFor();
    await checkA11y(page, 'PasswordForgot');
    await waitForMessage(email, 2);

    await signIn.getByRole('button', { name: 'Resend email' }).click();
    await page.getByText('Email resent').waitFor();
    await waitForMessage(email, 3);
    await checkA11y(page, "PasswordForgot with the 'Email resent' toast");

    // Message 1 proved the address at sign-up. The first reset email's 'log in without a password' link signs in
    // without touching the password.
    await page.goto(linkIn(await messageNumber(email, 2), 'stytch_token_type=login'));
    await page.getByText(`Signed in with a 'log in without a password' link as ${email}.`).waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, "/authenticate ('log in without a password' link)");
    await signOut(page);

    // Both emails' links are bound to the one PKCE pair this browser kept for the reset (PKCE is the provider's
    // default), and a pair is forgotten once used: ask again for a reset email with a fresh pair.
    await open(page, PAGE);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Log In' }).waitFor();
    await signIn.getByRole('button', { name: 'Forgot Password?' }).click();
    await signIn.getByText(`A link to reset your password was sent to you at ${email}.`).waitFor();

    // That fourth email's reset link (message 1 proved the address) opens the kit's reset screen on /authenticate.
    await page.goto(linkIn(await messageNumber(email, 4), 'stytch_token_type=reset_password'));
    const reset = page.locator('[data-scope="reset-password"][data-part="root"]');
    await reset.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await reset.getByRole('button', { name: 'Login without a password' }).waitFor();
    await checkA11y(page, 'PasswordResetForm');
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    const submit = reset.getByRole('button', { name: 'Continue' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await reset.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, 'PasswordResetForm, done');

    await signOut(page);
    await open(page, PAGE);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByText('You have successfully logged in.').waitFor();
    await expectSignedIn(page, email);
  });
});
