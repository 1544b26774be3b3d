// Text-message and WhatsApp passcodes in the default kit (`/?products=otp&methods=sms,whatsapp`): the invalid
// phone message, a sign-up by SMS, then a log-in by WhatsApp with the same number (the same user comes back).
import { describe, expect } from 'vitest';
import {
  checkA11y,
  expectSignedIn,
  inbox,
  lastCode,
  open,
  signOut,
  test,
  typeCode,
  uniquePhone,
  waitForMessage,
  widget,
} from './support';

const PAGE = '/?products=otp&methods=sms,whatsapp';

describe('phone passcodes (default kit)', () => {
  test('signs up by SMS, then logs in by WhatsApp with the same number', async ({ page }) => {
    const phone = uniquePhone();
    await open(page, PAGE);
    const signIn = widget(page);
    const tabs = signIn.getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['Text', 'WhatsApp']);
    await expect.poll(() => signIn.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    await checkA11y(page, 'Main (Text tab)');

    await signIn.getByLabel('Phone number').fill('555');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn
      .getByRole('alert')
      .filter({ hasText: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.' })
      .waitFor();
    await checkA11y(page, 'Main with an invalid phone number');

    await signIn.getByLabel('Phone number').fill(phone.national);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    // Phone destinations are shown formatted (+1 415 555 0123).
    const formatted = `+1 ${phone.national.slice(0, 3)} ${phone.national.slice(3, 6)} ${phone.national.slice(6)}`;
    await signIn.getByText(`A 6-digit passcode was sent to you at ${formatted}.`).waitFor();
    await checkA11y(page, 'OTPAuthenticate (SMS)');
    const sms = await waitForMessage(phone.e164);
    expect(sms.channel).toBe('sms');
    await typeCode(page, sms.codes[0] ?? '');
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, phone.e164);

    await open(page, '/session');
    const userId = await page.getByTestId('session-user').locator('dd').first().textContent();
    await page.getByTestId('session-factors').getByText(`otp by sms (${phone.e164})`).waitFor();
    await signOut(page);

    await open(page, PAGE);
    await signIn.getByRole('tab', { name: 'WhatsApp' }).click();
    await checkA11y(page, 'Main (WhatsApp tab)');
    await signIn.getByLabel('Phone number').fill(phone.national);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    const whatsapp = await waitForMessage(phone.e164, 2);
    expect(whatsapp.channel).toBe('whatsapp');
    await typeCode(page, await lastCode(phone.e164, 2));
    await signIn.getByText('Your passcode has been successfully verified.').waitFor();
    await expectSignedIn(page, phone.e164);

    await open(page, '/session');
    await page.getByTestId('session-factors').getByText(`otp by whatsapp (${phone.e164})`).waitFor();
    await expect.poll(() => page.getByTestId('session-user').locator('dd').first().textContent()).toBe(userId);
    expect((await inbox(phone.e164)).map((message) => message.channel)).toEqual(['sms', 'whatsapp']);
  });
});
