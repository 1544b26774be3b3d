// The default kit's dark theme in a real browser (`/?theme=dark`, `/?theme=auto`): the card is dark, and every
// screen a visitor meets on the way to signing in by email passcode passes axe-core, colour contrast included
// (Main with its tabs, an invalid email, the passcode screen, a wrong code, the success screen, the password
// screen with its strength feedback). 'auto' follows the browser's colour scheme (Playwright's `colorScheme`).
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  checkA11y,
  E2E_WAIT_MS,
  expectSignedIn,
  lastCode,
  open,
  PLAYGROUND_URL,
  test,
  typeCode,
  uniqueEmail,
  widget,
  wrongCode,
} from './support';

/** The default kit's card (`.lk-Root`). */
function card(page: Page): Locator {
  return page.locator('.lk-Root').first();
}

/** The WCAG relative luminance (0 black … 1 white) of a computed colour such as `rgb(17, 28, 34)`. */
function luminance(color: string): number {
  const channels =
    color
      .match(/[\d.]+/g)
      ?.slice(0, 3)
      .map(Number) ?? [];
  if (channels.length !== 3) throw new Error(`not an rgb() colour: ${color}`);
  const [red, green, blue] = channels.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The luminance of the card's background and of its text. */
async function cardColours(page: Page): Promise<{ background: number; text: number }> {
  const { backgroundColor, color } = await card(page).evaluate((element) => {
    const style = getComputedStyle(element);
    return { backgroundColor: style.backgroundColor, color: style.color };
  });
  return { background: luminance(backgroundColor), text: luminance(color) };
}

/**
 * Fails unless the card is dark with light text, and axe-core's colour-contrast rule really measured the card's
 * text (rather than leaving it 'incomplete'): `checkA11y` then holds the contrast of every one of them.
 */
async function expectDarkCard(page: Page, label: string): Promise<void> {
  const { background, text } = await cardColours(page);
  expect(background, `${label}: the card's background is dark`).toBeLessThan(0.05);
  expect(text, `${label}: the card's text is light`).toBeGreaterThan(0.5);
  await checkA11y(page, label);
  const measured = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<unknown> } }).axe;
    const root = document.querySelector('.lk-Root') as Element;
    const results = (await axe.run(root, { runOnly: ['color-contrast'] })) as { passes: { nodes: unknown[] }[] };
    return results.passes.reduce((count, rule) => count + rule.nodes.length, 0);
  });
  expect(measured, `${label}: texts whose contrast axe-core measured`).toBeGreaterThanOrEqual(2);
}

describe('the dark theme (theme=dark)', () => {
  test('signs in by email passcode on a dark card: Main, an invalid email, the passcode screen are axe-clean', async ({
    page,
  }) => {
    const email = uniqueEmail('dark-otp');
    await open(page, '/?products=otp&methods=email,sms&theme=dark');
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await expect.poll(() => signIn.getByRole('tab').allTextContents()).toEqual(['Email', 'Text']);
    expect(await card(page).getAttribute('data-theme')).toBe('dark');
    await expectDarkCard(page, 'Main, dark (tabs, email form)');
    // The primary button's text is dark on the light primary colour.
    const continueButton = signIn.getByRole('button', { name: 'Continue' });
    const buttonText = await continueButton.evaluate((element) => getComputedStyle(element).color);
    expect(luminance(buttonText), 'the primary button text is dark').toBeLessThan(0.05);

    await signIn.getByRole('tab', { name: 'Text' }).click();
    await signIn.getByLabel('Phone number').waitFor();
    await checkA11y(page, 'Main, dark (the phone form and its country selector)');
    await signIn.getByRole('tab', { name: 'Email' }).click();

    await signIn.getByRole('textbox', { name: 'Email' }).fill('ada@example');
    await continueButton.click();
    await signIn.getByRole('alert').filter({ hasText: 'Invalid email address.' }).waitFor();
    await checkA11y(page, 'Main with an invalid email, dark');

    await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
    await continueButton.click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await signIn.getByText(/^Your code expires in [45]:\d\d\.$/).waitFor();
    await expectDarkCard(page, 'OTPAuthenticate, dark');

    const code = await lastCode(email);
    await typeCode(page, wrongCode(code));
    await signIn.getByRole('alert').filter({ hasText: 'Invalid passcode, please try again.' }).waitFor();
    await checkA11y(page, 'OTPAuthenticate with a wrong code, dark');

    await typeCode(page, code);
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, email);
    await checkA11y(page, 'OTPConfirmation, dark');
  });

  test('the password screen with its strength feedback is axe-clean on a dark card', async ({ page }) => {
    await open(page, '/?products=passwords&theme=dark');
    const signIn = widget(page);
    await signIn.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('dark-password'));
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByText('Finish creating your account by setting a password.').waitFor();
    await expectDarkCard(page, 'PasswordCreateOrLogin (new), dark');

    // A breached password: the notice in the error colour, Continue disabled.
    const passwordField = signIn.getByLabel('Password', { exact: true });
    await passwordField.fill('password123');
    await signIn.getByText(/may have been used on a different site/).waitFor();
    await expect.poll(() => signIn.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await checkA11y(page, 'set password, breached, dark');

    // A weak one: the strength meter fills and the feedback (helper text) shows.
    await passwordField.fill('lantern-fish');
    await signIn.locator('[data-scope="strength-meter"] [data-filled]').first().waitFor();
    await signIn.locator('[data-scope="password-feedback"][data-part="root"]').waitFor();
    await checkA11y(page, 'set password, weak, dark');
  });
});

describe('social sign-in on a dark card (theme=dark)', () => {
  test("One Tap's development stand-in stays readable inside the dark widget (axe colour contrast)", async ({
    page,
  }) => {
    await open(page, '/?products=emailMagicLinks,oauth&methods=sms,whatsapp&theme=dark');
    const signIn = widget(page);
    const chooser = signIn.locator('[data-latchkey-gsi="chooser"]');
    await chooser
      .getByRole('button', { name: /@example\.com/ })
      .first()
      .waitFor();
    // The stand-in's names and addresses keep their own dark text on their white box (not the card's light text).
    const name = chooser
      .getByRole('button', { name: /@example\.com/ })
      .first()
      .locator('span')
      .first();
    expect(await name.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(31, 31, 31)');
    await expectDarkCard(page, 'Main with One Tap embedded, dark');
  });

  test("Google's button takes Google's dark variant: #131314, #8E918F stroke, #E3E3E3 text, the four-colour G", async ({
    page,
  }) => {
    await open(page, '/?products=emailMagicLinks,oauth&methods=sms,whatsapp&oneTap=off&theme=dark');
    const google = widget(page).getByRole('button', { name: 'Continue with Google', exact: true });
    await google.waitFor();
    await expect.poll(() => google.locator('svg path').count()).toBe(4);
    const look = await google.evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        background: style.backgroundColor,
        border: style.borderTopColor,
        color: style.color,
        logo: [...button.querySelectorAll('svg path')].map((path) => getComputedStyle(path).fill),
      };
    });
    expect(look).toEqual({
      background: 'rgb(19, 19, 20)',
      border: 'rgb(142, 145, 143)',
      color: 'rgb(227, 227, 227)',
      logo: ['rgb(234, 67, 53)', 'rgb(66, 133, 244)', 'rgb(251, 188, 5)', 'rgb(52, 168, 83)'],
    });
    await expectDarkCard(page, 'Main with the social column, dark');
  });
});

describe('the automatic theme (theme=auto)', () => {
  for (const colorScheme of ['dark', 'light'] as const) {
    test(`follows a ${colorScheme} colour scheme, axe-clean`, async ({ browser }) => {
      const context = await browser.newContext({
        baseURL: PLAYGROUND_URL,
        locale: 'en-US',
        timezoneId: 'UTC',
        reducedMotion: 'reduce',
        colorScheme,
      });
      context.setDefaultTimeout(E2E_WAIT_MS);
      try {
        const page = await context.newPage();
        await open(page, '/?products=otp&methods=email,sms&theme=auto');
        const signIn = widget(page);
        await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
        expect(await card(page).getAttribute('data-theme')).toBe('auto');
        const { background, text } = await cardColours(page);
        if (colorScheme === 'dark') {
          expect(background, 'the card is dark').toBeLessThan(0.05);
          expect(text, 'its text is light').toBeGreaterThan(0.5);
        } else {
          expect(background, 'the card is white').toBe(1);
          expect(text, 'its text is dark').toBeLessThan(0.05);
        }
        await checkA11y(page, `Main, theme auto in a ${colorScheme} colour scheme`);

        await signIn.getByRole('textbox', { name: 'Email' }).fill('ada@example');
        await signIn.getByRole('button', { name: 'Continue' }).click();
        await signIn.getByRole('alert').filter({ hasText: 'Invalid email address.' }).waitFor();
        await checkA11y(page, `Main with an invalid email, theme auto in a ${colorScheme} colour scheme`);
      } finally {
        await context.close();
      }
    });
  }
});
