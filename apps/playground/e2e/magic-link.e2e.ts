// Email magic links in the default kit (`/?products=emailMagicLinks`): the invalid-email message, 'Check your
// email', the link clicked in the playground's inbox page, /authenticate, the session, and a used link refused; a
// link opened in another browser (which holds no PKCE verifier for it) is refused with a clear message.
import { describe } from 'vitest';
import {
  checkA11y,
  E2E_WAIT_MS,
  expectSignedIn,
  expectSignedOut,
  lastLink,
  open,
  PLAYGROUND_URL,
  test,
  uniqueEmail,
  widget,
} from './support';

describe('email magic link (default kit)', () => {
  test('the link from the inbox signs the visitor in; a used link is refused', async ({ page }) => {
    const email = uniqueEmail('magic-link');
    await open(page, '/?products=emailMagicLinks');
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await checkA11y(page, 'Main (magic link)');

    await signIn.getByLabel('Email').fill('not-an-email');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Email format is invalid.' }).waitFor();

    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Check your email' }).waitFor();
    await signIn.getByText(`An email was sent to ${email}.`).waitFor();
    await checkA11y(page, 'EmailConfirmation');
    const link = await lastLink(email, 'stytch_token_type=magic_links');

    // The visitor opens the link from the development inbox page.
    await open(page, '/inbox');
    await page.getByRole('searchbox', { name: 'Only messages to' }).fill(email);
    await page
      .getByRole('article', { name: `Email to ${email}` })
      .getByRole('link', { name: 'Magic link' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Authenticate' }).waitFor();
    await page.getByText(`Signed in with a magic link as ${email}.`).waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, '/authenticate (signed in)');

    await page.getByRole('main').getByRole('link', { name: 'session' }).click();
    await page.getByTestId('session-factors').getByText(`magic_link by email (${email})`).waitFor();

    // A link works once.
    await page.goto(link);
    await page
      .getByRole('alert')
      .filter({ hasText: 'The magic link could not be authenticated because it was either already used or expired.' })
      .waitFor();
    await checkA11y(page, '/authenticate (used link)');
  });
  test('a link opened in another browser signs nobody in and says why; the browser that asked still can', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('magic-link-elsewhere');
    await open(page, '/?products=emailMagicLinks');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Check your email' }).waitFor();
    const link = await lastLink(email, 'stytch_token_type=magic_links');

    // Another browser (a context of its own, so its own storage): the link is bound to the one that asked.
    const elsewhere = await browser.newContext({ baseURL: PLAYGROUND_URL, locale: 'en-US', reducedMotion: 'reduce' });
    elsewhere.setDefaultTimeout(E2E_WAIT_MS);
    try {
      const other = await elsewhere.newPage();
      await other.goto(link);
      await other
        .getByRole('alert')
        .filter({ hasText: 'This link was opened in a different browser or on another device' })
        .waitFor();
      await other.getByText('Open it in the browser where you asked for it, or ask for a new one here.').waitFor();
      await expectSignedOut(other);
      await checkA11y(other, '/authenticate (link from another browser)');
    } finally {
      await elsewhere.close();
    }

    // The refusal used nothing up: in the browser that asked, the same link signs in.
    await page.goto(link);
    await page.getByText(`Signed in with a magic link as ${email}.`).waitFor();
    await expectSignedIn(page, email);
  });
});
