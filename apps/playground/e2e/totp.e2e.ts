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
    // The scan step has a way back to the start, which starts again with a new key.
    await enrolment.getByRole('button', { name: 'Back' }).click();
    await enrolment.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor();
    await enrolment.getByRole('button', { name: 'Set up authenticator app' }).click();
    await enrolment.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    await expectScanLayout(page);
    const shownKey = await enrolment.locator('[data-part="manual-key-value"]').textContent();
    expect(shownKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
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
    await enrolment.getByRole('button', { name: 'Regenerate recovery codes' }).waitFor();
    await enrolment.getByRole('button', { name: 'Remove authenticator app' }).waitFor();

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

  test('once enrolled, /security says so, regenerates the recovery codes and removes the app', async ({ page }) => {
    const email = uniqueEmail('totp-manage');
    const password = `Quartz-Plover-${Math.random().toString(36).slice(2, 8)}-Lantern-92`;
    await createPasswordUser(email, password);
    await enterPassword(page, email, password);
    await widget(page).getByText('You have successfully logged in.').waitFor();
    await open(page, '/security');
    const enrolment = page.getByTestId('totp-enrollment');
    await enrolment.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = enrolment.locator('[data-part="manual-key-value"]');
    await key.waitFor();
    const secret = ((await key.textContent()) ?? '').replaceAll(' ', '');
    await enrolment.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await appCode(secret));
    await enrolment.getByLabel('I have saved these codes').check();
    await enrolment.getByRole('button', { name: 'Continue' }).click();

    // A new visit: the heading says the app is set up, not 'Set up…'.
    await open(page, '/security');
    await enrolment.getByRole('heading', { name: 'Authenticator app set up' }).waitFor();
    expect(await enrolment.getByRole('heading', { name: 'Set up an authenticator app' }).count()).toBe(0);
    await checkA11y(page, 'TotpEnrollment (enrolled)');

    await enrolment.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    await enrolment.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = enrolment.locator('[data-scope="totp-recovery-codes"][data-part="item"]');
    await expect.poll(() => codes.count()).toBe(10);
    await enrolment.getByLabel('I have saved these codes').check();
    await enrolment.getByRole('button', { name: 'Continue' }).click();

    await enrolment.getByRole('button', { name: 'Remove authenticator app' }).click();
    await enrolment.getByRole('alert').filter({ hasText: 'Remove the authenticator app?' }).waitFor();
    await checkA11y(page, 'TotpEnrollment (remove?)');
    await enrolment.getByRole('button', { name: 'Remove', exact: true }).click();
    await enrolment.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor();
    await enrolment.getByRole('button', { name: 'Set up authenticator app' }).waitFor();

    // No second factor any more: the password alone signs in again.
    await signOut(page);
    await enterPassword(page, email, password);
    await widget(page).getByText('You have successfully logged in.').waitFor();
  });
});

/**
 * The scan step's layout in the default kit: the passcode screen's rhythm (a column with the container gap), the QR
 * code centred, a visible label naming the six boxes, and each group of the key on one line.
 */
async function expectScanLayout(page: Page): Promise<void> {
  const layout = await page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('[data-scope="totp-enrollment"][data-part="root"]');
    const qr = root?.querySelector<HTMLElement>('[data-part="qr-code"]');
    if (!root || !qr) return null;
    const style = getComputedStyle(root);
    const rootBox = root.getBoundingClientRect();
    const qrBox = qr.getBoundingClientRect();
    const group = root.querySelector<HTMLElement>('[data-part="code-input"]');
    const labelId = group?.getAttribute('aria-labelledby') ?? '';
    return {
      display: style.display,
      direction: style.flexDirection,
      gap: style.rowGap,
      qrOffset: Math.abs(qrBox.left + qrBox.width / 2 - (rootBox.left + rootBox.width / 2)),
      label: labelId === '' ? null : (document.getElementById(labelId)?.textContent ?? null),
      labelVisible: labelId !== '' && (document.getElementById(labelId)?.getBoundingClientRect().height ?? 0) > 0,
      groups: [...root.querySelectorAll<HTMLElement>('[data-part="manual-key-group"]')].map(
        (item) => item.getClientRects().length,
      ),
    };
  });
  expect(layout).not.toBeNull();
  expect(layout).toMatchObject({ display: 'flex', direction: 'column', gap: '24px' });
  expect(layout?.qrOffset).toBeLessThan(2);
  expect(layout).toMatchObject({ label: 'Code from your app', labelVisible: true });
  expect(layout?.groups).toHaveLength(8);
  // One box per group: a group split over two lines would have two.
  expect(layout?.groups.every((rects) => rects === 1)).toBe(true);

  // A narrow phone: the key wraps between groups, never inside one.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: size?.height ?? 800 });
  const narrow = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-scope="totp-enrollment"] [data-part="manual-key-group"]')].map(
      (item) => item.getClientRects().length,
    ),
  );
  expect(narrow.every((rects) => rects === 1)).toBe(true);
  if (size) await page.setViewportSize(size);
}
