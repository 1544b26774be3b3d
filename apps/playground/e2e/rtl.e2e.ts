// The default kit right to left (`/?dir=rtl`, the `dir` option on the card) in a real browser: the card mirrors
// (the heading, labels and fields start on the right, the first tab is the rightmost, the back arrow sits on the
// right and points right, the country selector's chevron and the password's eye toggle move to the left), while
// what reads left to right in every language stays so (the phone number, the email address, the six passcode
// boxes, box 1 on the left). Each screen passes axe-core.
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkA11y, lastCode, open, test, uniqueEmail, uniquePhone, widget } from './support';

interface Box {
  left: number;
  right: number;
  centre: number;
}

/** The box of `locator` in CSS pixels, from the left edge of the viewport. */
async function box(locator: Locator): Promise<Box> {
  const rect = await locator.evaluate((element) => element.getBoundingClientRect().toJSON());
  return { left: rect.left, right: rect.right, centre: (rect.left + rect.right) / 2 };
}

/** The box of the text inside `locator` (its element spans the column whatever the alignment). */
async function textBox(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right, centre: (rect.left + rect.right) / 2 };
  });
}

/** The card's content box (inside its padding). */
async function contentBox(page: Page): Promise<Box> {
  return page
    .locator('.lk-Root')
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const left = rect.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
      const right = rect.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
      return { left, right, centre: (left + right) / 2 };
    });
}

async function computed(locator: Locator, properties: string[]): Promise<Record<string, string>> {
  return locator.evaluate(
    (element, names) =>
      Object.fromEntries(names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)])),
    properties,
  );
}

/** Fails unless `locator` ends at the right edge of the card's content (the start of an RTL line). */
async function expectAtRightEdge(page: Page, locator: Locator, label: string, measure = box): Promise<void> {
  const content = await contentBox(page);
  expect(Math.abs((await measure(locator)).right - content.right), `${label} starts on the right`).toBeLessThanOrEqual(
    1.5,
  );
}

describe('the default kit right to left (dir=rtl)', () => {
  test('Main, an invalid number and the passcode screen mirror; the number and the boxes stay LTR', async ({
    page,
  }) => {
    const phone = uniquePhone();
    await open(page, '/?products=otp&methods=sms,email&dir=rtl');
    const signIn = widget(page);
    const heading = signIn.getByRole('heading', { name: 'Sign up or log in' });
    await heading.waitFor();
    expect(await page.locator('.lk-Root').first().getAttribute('dir')).toBe('rtl');
    await expectAtRightEdge(page, heading, 'the heading', textBox);

    // The first tab (Text) is the rightmost.
    const textTab = await box(signIn.getByRole('tab', { name: 'Text' }));
    const emailTab = await box(signIn.getByRole('tab', { name: 'Email' }));
    expect(textTab.left, 'the first tab is on the right of the second').toBeGreaterThanOrEqual(emailTab.right - 0.5);

    // The country selector above the number: both start on the right, as do their labels; the chevron (the room
    // kept for it) is on the left.
    const country = signIn.getByRole('combobox', { name: 'Country' });
    const number = signIn.getByRole('textbox', { name: 'Phone number' });
    await expectAtRightEdge(page, country, 'the country selector');
    await expectAtRightEdge(page, number, 'the phone number field');
    await expectAtRightEdge(page, signIn.getByText('Country', { exact: true }), "the country's label", textBox);
    await expectAtRightEdge(page, signIn.getByText('Phone number', { exact: true }), "the number's label", textBox);
    const select = await computed(country, ['padding-left', 'padding-right', 'background-position-x']);
    expect(Number.parseFloat(select['padding-left'] ?? ''), 'room for the chevron on the left').toBeGreaterThan(
      Number.parseFloat(select['padding-right'] ?? ''),
    );
    expect(select['background-position-x'], 'the chevron on the left').not.toMatch(/right|100%/);
    // The number is written left to right, lined up on the right with its label.
    expect(await computed(number, ['direction', 'text-align'])).toEqual({ direction: 'ltr', 'text-align': 'right' });
    // The 'Powered by' logo is a picture: its wordmark keeps its own direction.
    const logo = page.locator('.lk-Root [data-scope="watermark"][data-part="logo"]');
    if ((await logo.count()) > 0) expect((await computed(logo, ['direction'])).direction).toBe('ltr');
    await checkA11y(page, 'Main, RTL');

    await number.fill('123');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    const error = signIn.getByRole('alert').filter({ hasText: 'Phone number format is invalid.' });
    await error.waitFor();
    await expectAtRightEdge(page, error, 'the error', textBox);
    await checkA11y(page, 'Main with an invalid phone number, RTL');

    await number.fill(phone.national);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await lastCode(phone.e164);

    // The back arrow on the right, pointing right (mirrored).
    const back = signIn.getByRole('button', { name: 'Back' });
    const content = await contentBox(page);
    const backBox = await box(back);
    expect(backBox.centre, 'the back arrow is on the right').toBeGreaterThan(content.centre);
    expect(backBox.right, 'the back arrow ends at the card’s right edge').toBeGreaterThan(content.right - 8);
    expect((await computed(back.locator('svg'), ['transform'])).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');

    // The six boxes stay in reading order left to right.
    const first = await box(signIn.getByLabel('Digit 1 of 6'));
    const last = await box(signIn.getByLabel('Digit 6 of 6'));
    expect(first.right, 'box 1 is on the left of box 6').toBeLessThan(last.left);
    await checkA11y(page, 'OTPAuthenticate, RTL');
  });

  test('the password screen: the eye toggle on the left, the email LTR, axe-clean', async ({ page }) => {
    await open(page, '/?products=passwords&dir=rtl');
    const signIn = widget(page);
    const email = signIn.getByRole('textbox', { name: 'Email' });
    await email.fill(uniqueEmail('rtl-password'));
    expect(await computed(email, ['direction', 'text-align'])).toEqual({ direction: 'ltr', 'text-align': 'right' });
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByText('Finish creating your account by setting a password.').waitFor();

    const password = signIn.getByLabel('Password', { exact: true });
    const passwordBox = await box(password);
    const toggleBox = await box(signIn.locator('[data-part="visibility-toggle"]'));
    expect(toggleBox.centre, 'the eye toggle is at the left end of the field').toBeLessThan(passwordBox.centre);
    expect(toggleBox.left, 'inside the field').toBeGreaterThanOrEqual(passwordBox.left);
    const back = await box(signIn.getByRole('button', { name: 'Back' }));
    expect(back.centre, 'the back arrow is on the right').toBeGreaterThan((await contentBox(page)).centre);

    await password.fill('lantern-fish');
    await signIn.locator('[data-scope="strength-meter"] [data-filled]').first().waitFor();
    await checkA11y(page, 'the set-password screen, RTL');
  });
});
