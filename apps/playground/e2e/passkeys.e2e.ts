// Passkeys in the default kit with Chromium's virtual authenticator (a real WebAuthn ceremony: the browser makes
// and signs with a real key, the provider verifies it): sign up by email passcode, create a passkey on /security,
// rename it, sign out, sign in with 'Login with a Passkey', sign in by autofill from the email field, sign in by
// passcode with the passkey as second factor, delete the passkey and see sign-in refused; another authenticator without the credential gets the unknown-failure text.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  checkA11y,
  E2E_WAIT_MS,
  expectSignedIn,
  expectSignedOut,
  lastCode,
  open,
  signInByEmailPasscode,
  signOut,
  test,
  typeCode,
  uniqueEmail,
  widget,
} from './support';
import { addVirtualAuthenticator } from './webauthn';

/** Passcodes by text only: no email form, so 'Login with a Passkey' is a button (spec: autofill needs an email form). */
const BUTTON_PAGE = '/?products=otp,passkeys&methods=sms';
/** An email form: the passkey is offered by the email field's autofill. */
const AUTOFILL_PAGE = '/?products=otp,passkeys&methods=email';
const CONFIRMED = 'Your Passkey has been successfully authenticated.';
const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';

/** Signs `email` up by email passcode on the autofill page (the authenticator has no passkey yet). */
async function signUpByEmailPasscode(page: Page, email: string): Promise<void> {
  await signInByEmailPasscode(page, email, AUTOFILL_PAGE);
}

/**
 * From the next page load on, counts every 'Login with a Passkey' button the page draws, however briefly (a
 * MutationObserver installed before the page's own scripts run).
 */
async function recordPasskeyButtons(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<Element>();
    (window as unknown as { __passkeyButtons: Set<Element> }).__passkeyButtons = seen;
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('button')) {
        if (button.textContent?.includes('Login with a Passkey')) seen.add(button);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** How many 'Login with a Passkey' buttons the page drew since it loaded (recordPasskeyButtons). */
function passkeyButtonsSeen(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __passkeyButtons: Set<Element> }).__passkeyButtons.size);
}

/**
 * Logs each WebAuthn request the page makes and how it ends (console.info, in the trail printed when a test fails):
 * the kit never shows why autofill gave up, so a failure is otherwise silent.
 */
async function traceWebAuthnCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      const mediation = options?.mediation ?? 'optional';
      console.info(`webauthn: get (${mediation})`);
      return get(options).then(
        (credential) => {
          console.info(`webauthn: get (${mediation}) resolved`);
          return credential;
        },
        (error: unknown) => {
          console.info(`webauthn: get (${mediation}) rejected: ${String(error)}`);
          throw error;
        },
      );
    };
  });
}

/** The passkey component on /security. */
function registration(page: Page) {
  return page.getByTestId('passkey-registration');
}

describe('passkeys (default kit, virtual authenticator)', () => {
  test('create, rename, sign in by button and by autofill, delete, refused', async ({ page }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const email = uniqueEmail('passkey');
    await signUpByEmailPasscode(page, email);

    // Create a passkey for the signed-in user.
    await open(page, '/security');
    const panel = registration(page);
    await panel.getByRole('heading', { name: 'Set up a new Passkey' }).waitFor();
    await checkA11y(page, 'PasskeyRegistrationStart');
    await panel.getByRole('button', { name: 'Create a Passkey' }).click();
    await panel.getByRole('heading', { name: 'Passkey successfully created!' }).waitFor();
    await panel.getByText('Existing Passkeys').waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await authenticator.credentials())[0]?.isResidentCredential).toBe(true);
    await checkA11y(page, 'PasskeyRegistrationSuccess');

    // Rename it inline: 'Set up another Passkey' and 'Done' are disabled meanwhile.
    await panel.getByRole('button', { name: /^Rename/ }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await expect.poll(() => panel.getByRole('button', { name: 'Set up another Passkey' }).isDisabled()).toBe(true);
    const nameField = panel.getByLabel('Passkey name');
    await nameField.fill('Work laptop');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText('Work laptop').waitFor();
    await expect.poll(() => panel.getByRole('button', { name: 'Done' }).isEnabled()).toBe(true);
    await checkA11y(page, 'PasskeyRegistrationSuccess after rename');

    // Sign out, then 'Login with a Passkey' (no email form on this page).
    await signOut(page);
    await open(page, BUTTON_PAGE);
    const signIn = widget(page);
    await signIn.getByRole('button', { name: 'Login with a Passkey' }).click();
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await signIn.getByText(CONFIRMED).waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, 'PasskeyConfirmation');

    // Sign out, then the email field's autofill: Chromium's virtual authenticator answers the conditional request
    // at once, as a user picking the passkey from the autofill list would.
    await signOut(page);
    await recordPasskeyButtons(page);
    await open(page, AUTOFILL_PAGE);
    await expect.poll(() => signIn.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await signIn.getByText(CONFIRMED).waitFor();
    await expectSignedIn(page, email);
    // The browser offers autofill and the page has an email form: the button was never drawn, not even while the
    // kit asked the browser (spec: shown first unless autofill is supported and an email form exists).
    expect(await passkeyButtonsSeen(page)).toBe(0);

    // `npm start` requires a second factor from users who have one, and a passkey is one: a passcode sign-in now
    // waits for it (no session meanwhile) and the widget asks for the passkey (this user has no authenticator app).
    await signOut(page);
    await open(page, '/?products=otp&methods=email');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(email, 2));
    await signIn.getByRole('heading', { name: "Confirm it's you" }).waitFor();
    await signIn.getByText('Use your passkey to finish signing in.').waitFor();
    await expectSignedOut(page);
    await checkA11y(page, 'second factor: a passkey');
    await signIn.getByRole('button', { name: 'Use a passkey' }).click();
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);

    // Delete the passkey on /security (Delete, then Delete again to confirm; Cancel is offered).
    await open(page, '/security');
    await panel.getByRole('button', { name: 'Skip' }).click();
    await panel.getByText('Work laptop').waitFor();
    // After 'Skip': the existing passkeys, each with its creation date, and no success text.
    await panel.getByRole('heading', { name: 'Existing Passkeys' }).waitFor();
    expect(await panel.getByText('Passkey successfully created!').count()).toBe(0);
    const created = panel.locator('time[data-part="created"]');
    await created.waitFor();
    expect(await created.textContent()).toMatch(/^Created \S/);
    expect(await created.isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Delete Work laptop' }).click();
    await panel.getByRole('button', { name: 'Cancel' }).waitFor();
    await panel.getByText('Once deleted, the passkey cannot be restored.').waitFor();
    await expect.poll(() => panel.getByRole('button', { name: 'Done' }).count()).toBe(0);
    await checkA11y(page, 'PasskeyRegistrationSuccess, delete pending');
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => panel.getByText('Work laptop').count(), { timeout: E2E_WAIT_MS }).toBe(0);
    // The last one gone: the empty state, not 'Passkey successfully created!'.
    await panel.getByText('You have no passkeys yet.').waitFor();
    expect(await panel.getByText('Passkey successfully created!').count()).toBe(0);

    // The authenticator still holds the key, but the account no longer knows it.
    await signOut(page);
    await open(page, BUTTON_PAGE);
    await signIn.getByRole('button', { name: 'Login with a Passkey' }).click();
    await signIn.getByText(NOT_FOUND).waitFor();
    await expectSignedOut(page);
    await checkA11y(page, 'Main with the passkey warning banner');
  });

  test('an authenticator without the passkey gets the unknown-failure text', async ({ page }) => {
    await addVirtualAuthenticator(page);
    await open(page, BUTTON_PAGE);
    const signIn = widget(page);
    await signIn.getByRole('button', { name: 'Login with a Passkey' }).click();
    await signIn.getByText(UNKNOWN).waitFor();
    await expectSignedOut(page);
  });

  // Chromium's virtual authenticator rejects a conditional request at once when it holds no passkey for the site (a
  // real browser waits for the user): the kit then gives up on autofill and shows the button, as for any browser
  // refusal. So this test follows the requests themselves (traceWebAuthnCalls): none on the Text tab, one once the
  // Email tab's field is in the page, none again. The button hidden while autofill waits is PasskeyLogin.test.tsx's.
  test("with the Text tab first 'Login with a Passkey' shows, autofill is armed only on the Email tab, and the SDK says nothing", async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    await traceWebAuthnCalls(page);
    const warnings: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      if (message.text().startsWith('webauthn: get (')) requests.push(message.text());
    });
    await open(page, '/?products=otp,passkeys&methods=sms,email');
    const signIn = widget(page);
    await signIn.getByRole('button', { name: 'Login with a Passkey' }).waitFor();
    await checkA11y(page, 'Main, Text tab first, with passkeys');
    // The Text tab: no email field on screen, so nothing is asked of the browser.
    expect(requests).toEqual([]);

    await signIn.getByRole('tab', { name: 'Email' }).click();
    await expect
      .poll(() => signIn.getByRole('textbox', { name: 'Email' }).getAttribute('autocomplete'))
      .toBe('username webauthn');
    // One conditional request, made with the field in the page (the SDK would warn otherwise).
    await expect.poll(() => requests.filter((text) => text === 'webauthn: get (conditional)')).toHaveLength(1);

    // Back to Text: the request has ended (refused, or cancelled by leaving the tab) and was never made again.
    await signIn.getByRole('tab', { name: 'Text' }).click();
    await signIn.getByRole('button', { name: 'Login with a Passkey' }).waitFor();
    await expect.poll(() => requests.length).toBe(2);
    expect(requests.filter((text) => text === 'webauthn: get (conditional)')).toHaveLength(1);
    // Nothing shown, nothing said: a refused conditional request is not an error to the user.
    expect(await signIn.getByText(UNKNOWN).count()).toBe(0);
    expect(warnings.filter((text) => /webauthn|passkey/i.test(text))).toEqual([]);
  });

  test('signed out, the passkey component says a user must be signed in', async ({ page }) => {
    await open(page, '/security');
    await registration(page)
      .getByText('Error: Cannot use PasskeyRegistration component without active user authenticated.')
      .waitFor();
  });
});
