// The playground's own pages: navigation, the header's session status, the development inbox (newest first,
// codes shown big, links clickable, Delete all messages) and the session panel when signed out. Axe on each.
import { describe, expect } from 'vitest';
import { checkA11y, inbox, open, sendPasscodeEmail, sessionStatus, test, uniqueEmail } from './support';

describe('the playground shell', () => {
  test('every page is reachable from the header, which says who is signed in', async ({ page }) => {
    await open(page, '/session');
    await expect.poll(() => sessionStatus(page).textContent()).toBe('Signed out');
    await page.getByText('No active session.').waitFor();
    await checkA11y(page, '/session (signed out)');

    const nav = page.getByRole('navigation', { name: 'Playground pages' });
    for (const [label, heading] of [
      ['Inbox', 'Development inbox'],
      ['Security', 'Security'],
      ['Hooks only', 'Hooks only'],
      ['Unstyled kit', 'Unstyled kit'],
      ['Default kit', 'Default kit'],
    ]) {
      await nav.getByRole('link', { name: label }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }

    // /authenticate without a token explains itself.
    await open(page, '/authenticate');
    await page
      .getByTestId('authenticate-result')
      .getByText(/^Nothing to authenticate/)
      .waitFor();
    await checkA11y(page, '/authenticate (no token)');
  });

  test('the configuration switcher says in plain words why the kit refuses what it builds', async ({ page }) => {
    await open(page, '/?products=otp,passkeys&methods=sms');
    const switcher = page.getByRole('form', { name: 'Widget configuration' });
    expect(await switcher.getByRole('alert').count()).toBe(0);

    // Passkeys alone: the widget refuses them, and the switcher says why beside the products.
    await switcher.getByRole('checkbox', { name: /One-time passcodes/ }).uncheck();
    await switcher.getByText(/^Passkeys cannot be the only product: the widget refuses this\./).waitFor();
    await page.getByText('Error: Cannot use Passkeys by itself, please add another product to the config.').waitFor();
    await checkA11y(page, 'switcher explaining passkeys alone');
    await switcher.getByRole('checkbox', { name: /One-time passcodes/ }).check();
    await expect.poll(() => switcher.getByRole('alert').count()).toBe(0);

    // Magic links beside passcodes by email: refused, and said so.
    await switcher.getByRole('checkbox', { name: /Email magic links/ }).check();
    await switcher.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await switcher.getByText(/^Email magic links and passcodes by email cannot both be on/).waitFor();
  });

  test('the development inbox lists messages newest first, with the passcode shown big, and clears', async ({
    page,
  }) => {
    const first = uniqueEmail('inbox-a');
    const second = uniqueEmail('inbox-b');
    await sendPasscodeEmail(first);
    await sendPasscodeEmail(second);
    const [expected] = (await inbox(second)).map((message) => message.codes[0]);

    await open(page, '/inbox');
    const cards = page.locator('article');
    await page.getByRole('heading', { level: 2, name: `Email to ${second}` }).waitFor();
    // Newest first: the second address comes before the first.
    const titles = await cards.locator('h2').allTextContents();
    expect(titles.indexOf(`Email to ${second}`)).toBeLessThan(titles.indexOf(`Email to ${first}`));
    await expect.poll(() => cards.first().locator('.pg-code').textContent()).toBe(expected);
    await checkA11y(page, '/inbox');

    // New mail shows up without a reload (the page polls every 2 s).
    const third = uniqueEmail('inbox-c');
    await sendPasscodeEmail(third);
    await page.getByRole('heading', { level: 2, name: `Email to ${third}` }).waitFor();

    await page.getByRole('button', { name: 'Delete all messages' }).click();
    await page
      .getByRole('dialog', { name: 'Delete all messages?' })
      .getByRole('button', { name: 'Delete all messages' })
      .click();
    await page.getByText('0 messages').waitFor();
    expect(await inbox(third)).toEqual([]);
  });
});
