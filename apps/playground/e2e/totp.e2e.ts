// Authenticator apps (TOTP) and multi-factor sign-in, as `npm start` runs them (`project.mfa.required`): a user
// signs up with a password, enrols an app on /security (the code typed is computed here from the key the page
// shows), signs out, signs in with the password and then a code from the app; then with a recovery code; a
// recovery code used once is refused.
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  checkA11y,
  createPasswordUser,
  expectSignedIn,
  expectSignedOut,
  open,
  signOut,
  test,
  typeCode,
  uniqueEmail,
  widget,
} from './support';

const PAGE = '/?products=emailMagicLinks,passwords';
const USED_RECOVERY_CODE =
  'This recovery code is not valid or has already been used. Each recovery code works only once.';

/** The six-digit code an authenticator app shows for `secret`, `aheadSeconds` from now. */
function appCode(secret: string, aheadSeconds = 0): Promise<string> | string {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + aheadSeconds });
}

/** Email and password on the widget, up to the step after the password. */
async function enterPassword(page: Page, email: string, password: string): Promise<void> {
  await open(page, PAGE);
  const signIn = widget(page);
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Continue' }).click();
}

describe('authenticator app and multi-factor sign-in (default kit)', () => {
  test('enrol, then password + code, then password + recovery code; a used recovery code is refused', async ({
    page,
  }) => {
    const email = uniqueEmail('totp');
    const password = `Quartz-Plover-${Math.random().toString(36).slice(2, 8)}-Lantern-92`;
    await createPasswordUser(email, password);

    // No second factor yet: the password alone signs in.
    await enterPassword(page, email, password);
    await widget(page).getByText('You have successfully logged in.').waitFor();
    await expectSignedIn(page, email);

    // Enrol on /security.
    await open(page, '/security');
    const enrolment = page.getByTestId('totp-enrollment');
    await enrolment.getByRole('button', { name: 'Set up authenticator app' }).click();
    await enrolment.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const shownKey = await enrolment.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent();
    const secret = (shownKey ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkA11y(page, 'TotpEnrollment (scan)');
    await enrolment.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await appCode(secret));
    await enrolment.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const recoveryCodes = (
      await enrolment.locator('[data-scope="totp-recovery-codes"][data-part="item"]').allTextContents()
    )
      .map((code) => code.trim())
      .filter(Boolean);
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(5);
    await checkA11y(page, 'TotpEnrollment (recovery codes)');
    await enrolment.getByLabel('I have saved these codes').check();
    await enrolment.getByRole('button', { name: 'Continue' }).click();
    await enrolment.getByRole('heading', { name: 'Authenticator app set up' }).waitFor();

    // Sign out; the password now leads to the code step, and no session exists until the code is given.
    await signOut(page);
    await enterPassword(page, email, password);
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Enter verification code' }).waitFor();
    await expectSignedOut(page);
    await checkA11y(page, 'TotpAuthenticate');
    // A code of the next step: the one typed at enrolment cannot be replayed, and the provider accepts one step of drift.
    await typeCode(page, await appCode(secret, 30));
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);

    // Sign out; the password, then a recovery code.
    const [recoveryCode] = recoveryCodes as [string];
    await signOut(page);
    await enterPassword(page, email, password);
    await signIn.getByRole('heading', { name: 'Enter verification code' }).waitFor();
    await signIn.getByRole('button', { name: 'Use a recovery code' }).click();
    await signIn.getByRole('heading', { name: 'Enter a recovery code' }).waitFor();
    await checkA11y(page, 'TotpRecoveryCode');
    await signIn.getByLabel('Recovery code').fill(recoveryCode);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);

    // The same recovery code again is refused, with the reason shown.
    await signOut(page);
    await enterPassword(page, email, password);
    await signIn.getByRole('button', { name: 'Use a recovery code' }).click();
    await signIn.getByLabel('Recovery code').fill(recoveryCode);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').filter({ hasText: USED_RECOVERY_CODE }).waitFor();
    await expectSignedOut(page);
    await checkA11y(page, 'TotpRecoveryCode, used code');
  });
});
