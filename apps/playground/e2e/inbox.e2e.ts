// The development inbox's "Delete all messages": named for what it does (it empties the whole inbox, whatever
// the recipient filter shows) and confirmed in a modal dialog that works by keyboard alone.
import { describe, expect } from 'vitest';
import { checkA11y, inbox, open, sendPasscodeEmail, test, uniqueEmail } from './support';

describe('the development inbox: Delete all messages', () => {
  test('asks first; Cancel and Escape keep every message, and confirming deletes all of them', async ({ page }) => {
    const shown = uniqueEmail('inbox-shown');
    const hidden = uniqueEmail('inbox-hidden');
    await sendPasscodeEmail(shown);
    await sendPasscodeEmail(hidden);

    await open(page, '/inbox');
    // Filtered to one recipient: the button still names what it does to the whole inbox.
    await page.getByLabel('Only messages to').fill(shown);
    await page.getByRole('heading', { level: 2, name: `Email to ${shown}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear' }).count()).toBe(0);
    const deleteAll = page.getByRole('button', { name: 'Delete all messages' });
    const dialog = page.getByRole('dialog', { name: 'Delete all messages?' });

    // Keyboard only: focus the button, Enter opens the dialog with focus on Cancel, Escape closes it.
    await deleteAll.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await expect
      .poll(() => dialog.getByText(/for every recipient, not only the ones the filter shows/).count())
      .toBe(1);
    await checkA11y(page, '/inbox (delete all dialog)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => deleteAll.evaluate((el) => el === document.activeElement)).toBe(true);

    // Cancel by click keeps everything too.
    await deleteAll.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await inbox(shown)).toHaveLength(1);
    expect(await inbox(hidden)).toHaveLength(1);

    // Confirmed with the keyboard: Tab from Cancel to the dialog's delete button, Enter.
    await deleteAll.click();
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('0 messages (all messages deleted)').waitFor();
    // Every recipient's messages, not only the filtered one's.
    expect(await inbox(shown)).toEqual([]);
    expect(await inbox(hidden)).toEqual([]);
  });
});
