// The hooks-only page (`/hooks`: no kit component) signs in by email passcode and sends a magic link; the
// session then survives a reload and ends on sign-out in every open tab.
import { describe } from 'vitest';
import {
  checkA11y,
  expectSignedIn,
  expectSignedOut,
  lastCode,
  lastLink,
  open,
  sessionStatus,
  test,
  typeCode,
  uniqueEmail,
} from './support';

describe('hooks-only sign-in and the session across tabs', () => {
  test('a hooks-only passcode sign-in survives a reload and ends in every tab on sign-out', async ({
    context,
    page,
  }) => {
    const email = uniqueEmail('hooks');
    await open(page, '/hooks');
    await page.getByRole('heading', { level: 1, name: 'Hooks only' }).waitFor();
    await checkA11y(page, '/hooks');

    await page.getByLabel('Email').fill('ada@example');
    await page.getByRole('button', { name: 'Email me a passcode' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email address.' }).waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a passcode' }).click();
    await page.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await page.getByText(`A 6-digit passcode was sent to you at ${email}.`).waitFor();
    await checkA11y(page, '/hooks passcode step');
    await typeCode(page, await lastCode(email));
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, '/hooks signed in');

    // A second tab of the same browser sees the session; so does a reload.
    const other = await context.newPage();
    await open(other, '/session');
    await expectSignedIn(other, email);
    await page.reload();
    await expectSignedIn(page, email);

    await open(page, '/session');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectSignedOut(page);
    await expectSignedOut(other);
    await other.getByText('No active session.').waitFor();
    await other.reload();
    await expectSignedOut(other);
    await other.close();
  });

  test('the hooks-only magic link arrives and signs in on /authenticate', async ({ page }) => {
    const email = uniqueEmail('hooks-link');
    await open(page, '/hooks');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a magic link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(`An email was sent to ${email}.`).waitFor();
    await checkA11y(page, '/hooks magic link sent');
    await page.goto(await lastLink(email, 'stytch_token_type=magic_links'));
    await page.getByText(`Signed in with a magic link as ${email}.`).waitFor();
    await expectSignedIn(page, email);
    // The token is gone from the address bar once used.
    await page.waitForURL((url) => !url.searchParams.has('token'));
    await sessionStatus(page).getByRole('link', { name: email }).waitFor();
  });
});
