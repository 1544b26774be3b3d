// Keyboard focus after a failed submit (issue 9, item 4): whether the visitor clicks Continue or presses Enter on it,
// the focus lands on the field in error, as it does when Enter is pressed in the field. Issue 28: never on <body>
// after a wrong password, a refused recovery code, renaming or deleting a passkey, unlinking a provider, or when the
// consent screen replaces the sign-in form; after a code is sent, on the first code box (the heading announced).
// And one action, one request: a double click on Continue sends one code.
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DEMO_RP_URL } from './config';
import {
  createPasswordUser,
  E2E_WAIT_MS,
  expectSignedIn,
  inbox,
  lastCode,
  open,
  PLAYGROUND_URL,
  signInByEmailPasscode,
  signOut,
  test,
  typeCode,
  uniqueEmail,
  waitForMessage,
  widget,
} from './support';
import { addVirtualAuthenticator } from './webauthn';

/** The `name` of the focused element (inside the widget's light DOM). */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? null);
}

/** Waits until the focused element is the one `selector` finds (anywhere in the page), and never `<body>`. */
async function expectFocusAt(page: Page, selector: string, what: string): Promise<void> {
  const reached = await page
    .waitForFunction((wanted) => document.activeElement?.matches(wanted) === true, selector, { timeout: E2E_WAIT_MS })
    .then(() => true)
    .catch(() => false);
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 60) ?? ''}`
      : 'nothing';
  });
  expect(reached, `the focus is on ${what}, not on: ${focused}`).toBe(true);
}

async function expectFocusOn(page: Page, name: string): Promise<void> {
  await page.waitForFunction((expected) => document.activeElement?.getAttribute('name') === expected, name, {
    timeout: 10_000,
  });
  expect(await focusedName(page)).toBe(name);
}

describe('focus after a failed submit (default kit)', () => {
  test('a click on Continue with a malformed email puts the focus on the email field', async ({ page }) => {
    await open(page, '/?products=emailMagicLinks');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill('not-an-email');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Email format is invalid.' }).waitFor();
    await expectFocusOn(page, 'email');
  });

  test('Enter on the Continue button with a malformed email puts the focus on the email field', async ({ page }) => {
    await open(page, '/?products=emailMagicLinks');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill('ada@');
    await signIn.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await signIn.getByRole('alert').filter({ hasText: 'Email format is invalid.' }).waitFor();
    await expectFocusOn(page, 'email');
  });

  test('a tab whose form loads on demand shows its field the moment the tab is selected', async ({ page }) => {
    await open(page, '/?products=emailMagicLinks,otp&methods=sms');
    const signIn = widget(page);
    await signIn.getByRole('tab', { name: 'Email' }).waitFor();
    // The visitor reads the page for a moment: every tab's form has been fetched by then.
    await page.waitForLoadState('networkidle');
    await signIn.getByRole('tab', { name: 'Text' }).click();
    // No waiting: the phone field is there as soon as the tab is, so a Tab key cannot skip past it.
    expect(await page.evaluate(() => document.querySelector('input[name="phone"]') !== null)).toBe(true);
    // From the selected tab, Tab goes straight into its panel's form (the panel holds fields, so it is no tab stop).
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('country');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('phone');
  });
});

const PASSWORD_PAGE = '/?products=emailMagicLinks,passwords';

function strongPassword(): string {
  return `Quartz-Plover-${Math.random().toString(36).slice(2, 8)}-Lantern-92`;
}

/** Email and password on the widget, up to the step after the password. */
async function enterPassword(page: Page, email: string, password: string): Promise<void> {
  await open(page, PASSWORD_PAGE);
  const signIn = widget(page);
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByRole('button', { name: 'Continue' }).click();
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Continue' }).click();
}

describe('focus after the provider answers (default kit, issue 28)', { timeout: 150_000 }, () => {
  test('a wrong password puts the focus back in the password field', async ({ page }) => {
    const email = uniqueEmail('focus-password');
    const password = strongPassword();
    await createPasswordUser(email, password);
    await enterPassword(page, email, `${password}-wrong`);
    await widget(page).getByRole('alert').filter({ hasText: 'Unauthorized credentials.' }).waitFor();
    await expectFocusOn(page, 'password');
  });

  test('after a code is sent the first code box has the focus, and the heading is announced', async ({ page }) => {
    const email = uniqueEmail('focus-code');
    await open(page, '/?products=otp&methods=email');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await expectFocusAt(page, '[aria-label="Digit 1 of 6"]', 'the first code box');
    await expect
      .poll(() => signIn.locator('[role="status"][aria-live="polite"]').allTextContents())
      .toContain('Enter passcode');
    // The code typed there signs in.
    await page.keyboard.type(await lastCode(email));
    await expectSignedIn(page, email);
  });

  test('a refused recovery code puts the focus back in the recovery code field', async ({ page }) => {
    const email = uniqueEmail('focus-recovery');
    const password = strongPassword();
    await createPasswordUser(email, password);
    await enterPassword(page, email, password);
    await expectSignedIn(page, email);
    // Enrol an authenticator app, so the next sign-in asks for its code (or a recovery code).
    await open(page, '/security');
    const enrolment = page.getByTestId('totp-enrollment');
    await enrolment.getByRole('button', { name: 'Set up authenticator app' }).click();
    const shownKey = await enrolment.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent();
    await enrolment.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(await generate({ secret: (shownKey ?? '').replaceAll(' ', '') }));
    await enrolment.getByLabel('I have saved these codes').check();
    await enrolment.getByRole('button', { name: 'Continue' }).click();
    await enrolment.getByRole('heading', { name: 'Authenticator app set up' }).waitFor();
    await signOut(page);

    await enterPassword(page, email, password);
    const signIn = widget(page);
    await signIn.getByRole('button', { name: 'Use a recovery code' }).click();
    await signIn.getByLabel('Recovery code').fill('abcd-efgh-ijkl');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').waitFor();
    await expectFocusOn(page, 'recovery_code');
  });

  test("renaming a passkey puts the focus back on its 'Rename'; deleting it, on the next control", async ({ page }) => {
    await addVirtualAuthenticator(page);
    const email = uniqueEmail('focus-passkey');
    await signInByEmailPasscode(page, email);

    await open(page, '/security');
    const panel = page.getByTestId('passkey-registration');
    await panel.getByRole('button', { name: 'Create a Passkey' }).click();
    await panel.getByRole('heading', { name: 'Passkey successfully created!' }).waitFor();
    await panel.getByRole('button', { name: /^Rename/ }).click();
    await panel.getByLabel('Passkey name').fill('Work laptop');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText('Work laptop').waitFor();
    await expectFocusAt(page, '[aria-label="Rename Work laptop"]', "the passkey's 'Rename'");

    // Closing the editor with Cancel puts it back on 'Rename' too.
    await panel.getByRole('button', { name: 'Rename Work laptop' }).click();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expectFocusAt(page, '[aria-label="Rename Work laptop"]', "the passkey's 'Rename' after Cancel");

    await panel.getByRole('button', { name: 'Delete Work laptop' }).click();
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => panel.getByText('Work laptop').count()).toBe(0);
    await expectFocusAt(page, '[data-action="set-up-another"]', "'Set up another Passkey'");
  });

  test('unlinking a social sign-in keeps the focus on the session page', async ({ page }) => {
    const email = uniqueEmail('focus-unlink');
    await open(page, '/?products=emailMagicLinks,oauth&methods=sms,whatsapp&oneTap=off');
    await widget(page).getByRole('button', { name: 'Continue with Microsoft', exact: true }).click();
    await page.waitForURL((url) => !url.toString().startsWith(PLAYGROUND_URL), { timeout: E2E_WAIT_MS });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Name', { exact: true }).fill('Focus Unlink');
    await page.getByLabel('Email verified').setChecked(true);
    await page
      .getByRole('button', { name: /^(Continue|Sign in)( as)?/ })
      .last()
      .click();
    await page.waitForURL((url) => url.toString().startsWith(`${PLAYGROUND_URL}/authenticate`), {
      timeout: E2E_WAIT_MS,
    });
    await expectSignedIn(page, email);
    await open(page, '/session');
    // 'Unlink' asks first, and the confirmation takes the focus; 'Cancel' gives it back to 'Unlink'.
    const rowUnlink = page.getByRole('button', { name: /^Unlink Microsoft \(/ });
    await rowUnlink.click();
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Unlink Microsoft', exact: true });
    await expectFocusAt(page, '[data-confirm-unlink]', "the confirmation's 'Unlink Microsoft'");
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expectFocusAt(page, '[data-unlink]', "the row's 'Unlink'");
    await rowUnlink.click();
    await confirm.click();
    await page.getByTestId('session-providers').waitFor({ state: 'detached' });
    await expectFocusAt(page, 'select', "the 'Provider to link' picker");
  });

  test('the consent screen takes the focus when it replaces the sign-in form', async ({ page }) => {
    const email = uniqueEmail('focus-consent');
    await page.goto(DEMO_RP_URL);
    await page.getByRole('button', { name: 'Sign in with Latchkey', exact: true }).click();
    await page.waitForURL((url) => url.origin === PLAYGROUND_URL && url.pathname === '/oauth/authorize');
    const signIn = widget(page);
    await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(email));
    await page.locator('[data-scope="idp-consent"][data-part="title"]').waitFor({ timeout: E2E_WAIT_MS });
    await expectFocusAt(page, '[data-scope="idp-consent"][data-part="title"]', "the consent screen's heading");
  });
});

describe('one action, one request (default kit, issue 28)', () => {
  test('a double click on Continue sends one code, and that code signs in', async ({ page }) => {
    const email = uniqueEmail('double-click');
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/otps/email/login_or_create'))
        sends.push(request.url());
    });
    await open(page, '/?products=otp&methods=email');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).dblclick();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await waitForMessage(email);
    // Long enough for a second request to have reached the provider and its message the inbox.
    await page.waitForTimeout(1500);
    expect(sends).toHaveLength(1);
    expect(await inbox(email)).toHaveLength(1);
    await typeCode(page, await lastCode(email));
    await expectSignedIn(page, email);
  });
});
