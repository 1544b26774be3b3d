// The default kit's layout in a real browser: the widget fits any viewport from 320 px up with the spec's 400 px as
// its maximum width, nothing of Main or the passcode screen is cut off on a phone, the success screens (passcode,
// password) centre their text under the centred check, and the 'Open in …' web-mail links stay inside the card.
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { lastCode, open, PROVIDER_URL, test, typeCode, uniqueEmail, uniquePhone, widget } from './support';

/** The box of `locator` in CSS pixels, from the left edge of the viewport. */
async function box(locator: Locator): Promise<{ left: number; right: number; width: number }> {
  const rect = await locator.evaluate((element) => element.getBoundingClientRect().toJSON());
  return { left: rect.left, right: rect.right, width: rect.width };
}

/** The box of the text inside `locator` (not of its element, which spans the column whatever the alignment). */
async function textBox(locator: Locator): Promise<{ left: number; right: number }> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right };
  });
}

/** The default kit's card (`.lk-Root`) around the widget. */
function card(page: Page): Locator {
  return page.locator('.lk-Root').first();
}

/** Fails unless the page has nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** Fails unless `locator` lies wholly inside the card, which lies wholly inside the viewport. */
async function expectInsideCard(page: Page, locator: Locator, label: string): Promise<void> {
  const outer = await box(card(page));
  const viewportWidth = page.viewportSize()?.width ?? 0;
  expect(outer.left, 'the card starts inside the viewport').toBeGreaterThanOrEqual(0);
  expect(outer.right, 'the card ends inside the viewport').toBeLessThanOrEqual(viewportWidth + 0.5);
  const inner = await box(locator);
  expect(inner.left, `${label} starts inside the card`).toBeGreaterThanOrEqual(outer.left - 0.5);
  expect(inner.right, `${label} ends inside the card`).toBeLessThanOrEqual(outer.right + 0.5);
}

/** Fails unless the text of each locator is centred (within 2 px) under the success screen's check graphic. */
async function expectTextCentredUnderCheck(signIn: Locator, texts: [label: string, text: Locator][]): Promise<void> {
  const icon = await box(signIn.locator('svg[data-part="icon"]'));
  const iconCentre = (icon.left + icon.right) / 2;
  for (const [label, text] of texts) {
    const { left, right } = await textBox(text);
    expect(Math.abs((left + right) / 2 - iconCentre), `${label} is centred under the check`).toBeLessThanOrEqual(2);
  }
}

describe('the default kit on a phone', () => {
  for (const width of [320, 375]) {
    test(`fits a ${width}-px viewport: Main with SMS passcodes and the passcode screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      const phone = uniquePhone();
      await open(page, '/?products=otp&methods=sms');
      const signIn = widget(page);
      const phoneField = signIn.getByLabel('Phone number');
      await phoneField.waitFor();

      await expectNoHorizontalScroll(page, 'Main');
      expect((await box(card(page))).width, 'the card takes the width it has').toBeLessThanOrEqual(width);
      await expectInsideCard(page, signIn.getByRole('combobox'), 'the country selector');
      await expectInsideCard(page, phoneField, 'the phone field');
      await expectInsideCard(page, signIn.getByRole('button', { name: 'Continue' }), 'Continue');

      await phoneField.fill(phone.national);
      await signIn.getByRole('button', { name: 'Continue' }).click();
      await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
      await lastCode(phone.e164);

      await expectNoHorizontalScroll(page, 'the passcode screen');
      for (let digit = 1; digit <= 6; digit += 1) {
        const input = signIn.getByLabel(`Digit ${digit} of 6`);
        await expectInsideCard(page, input, `passcode box ${digit}`);
        // Wide enough to show the digit typed into it.
        expect((await box(input)).width, `passcode box ${digit} width`).toBeGreaterThanOrEqual(28);
      }
    });
  }

  test('keeps the spec’s 400 px on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await open(page, '/?products=otp&methods=sms');
    await widget(page).getByLabel('Phone number').waitFor();
    expect((await box(card(page))).width).toBe(400);
  });
});

describe('the success screens and the web-mail links', () => {
  test('the passcode success screen centres its text under the check', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const phone = uniquePhone();
    await open(page, '/?products=otp&methods=sms');
    const signIn = widget(page);
    await signIn.getByLabel('Phone number').fill(phone.national);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(phone.e164));
    const description = signIn.getByText('Your passcode has been successfully verified.');
    await description.waitFor();

    await expectTextCentredUnderCheck(signIn, [
      ['the title', signIn.getByRole('heading', { name: 'Success!' })],
      ['the description', description],
    ]);
  });

  test('the password success screen (a log-in) centres its text under the check', async ({ page }) => {
    // PasswordConfirmation: 'Success!' / 'You have successfully logged in.' after a log-in with a password (a sign-up
    // now goes on to prove the address by passcode, and ends on the passcode success screen above).
    await page.setViewportSize({ width: 375, height: 740 });
    const email = uniqueEmail('layout-password');
    const password = `Quartz-Plover-${Math.random().toString(36).slice(2, 8)}-Lantern-92`;
    const token = 'public-token-test-latchkey-playground';
    const created = await fetch(`${PROVIDER_URL}/sdk/v1/passwords`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email, password, session_duration_minutes: 5 }),
    });
    expect(created.status).toBe(200);
    await open(page, '/?products=passwords');
    const signIn = widget(page);
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByLabel('Password', { exact: true }).fill(password);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    const description = signIn.getByText('You have successfully logged in.');
    await description.waitFor();

    await expectTextCentredUnderCheck(signIn, [
      ['the title', signIn.getByRole('heading', { name: 'Success!' })],
      ['the description', description],
    ]);
  });

  for (const width of [320, 400]) {
    test(`the 'Open in …' links stay inside the card (${width}-px viewport)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await open(page, '/?products=emailMagicLinks');
      const signIn = widget(page);
      await signIn.getByLabel('Email').fill(uniqueEmail('layout'));
      await signIn.getByRole('button', { name: 'Continue' }).click();
      await signIn.getByRole('heading', { name: 'Check your email' }).waitFor();

      const links = signIn.getByRole('link', { name: /^Open in / });
      await expect.poll(() => links.count()).toBe(3);
      await expectNoHorizontalScroll(page, 'Check your email');
      const content = await box(signIn.locator('[data-scope="email-confirmation"][data-part="root"]'));
      for (const link of await links.all()) {
        const name = (await link.textContent()) ?? 'a link';
        const linkBox = await box(link);
        expect(linkBox.left, `${name} starts inside the card's content`).toBeGreaterThanOrEqual(content.left - 0.5);
        expect(linkBox.right, `${name} ends inside the card's content`).toBeLessThanOrEqual(content.right + 0.5);
      }
    });
  }
});
