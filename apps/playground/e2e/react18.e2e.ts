// The playground on React 18 (vite.config.ts with LATCHKEY_REACT=18, a second dev server on port 5174): a visitor
// signs up with an email passcode from the development inbox, and the page really rendered with React 18.
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startPlayground } from './playgroundServer';
import { reactVersions, recordReactVersion } from './reactVersion';
import { expectSignedIn, lastCode, test, typeCode, uniqueEmail, widget } from './support';

const PORT = 5174;
let server: ViteDevServer;

beforeAll(async () => {
  server = await startPlayground(PORT, { react18: true });
});
afterAll(async () => {
  await server?.close();
});

describe('the playground on React 18', () => {
  test('a new visitor signs up with the passcode from the development inbox', async ({ page }) => {
    await recordReactVersion(page);
    await page.goto(`http://localhost:${PORT}/?products=otp&methods=email`);
    const signIn = widget(page);
    await signIn.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    const versions = await reactVersions(page);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatch(/^18\./);

    const email = uniqueEmail('react18');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await signIn.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await typeCode(page, await lastCode(email));
    await signIn.getByRole('heading', { name: 'Success!' }).waitFor();
    await expectSignedIn(page, email);
  });
});
