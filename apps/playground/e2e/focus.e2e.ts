// Keyboard focus after a failed submit (issue 9, item 4): whether the visitor clicks Continue or presses Enter on it,
// the focus lands on the field in error, as it does when Enter is pressed in the field.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { open, test, widget } from './support';

/** The `name` of the focused element (inside the widget's light DOM). */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName ?? null);
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
