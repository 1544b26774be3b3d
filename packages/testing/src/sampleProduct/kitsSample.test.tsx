// Issue 27's proof, the kits' part: the sample product "security question" plugs into the SDK, the hooks and both kits
// through their registries alone (the `kits-sample` project's plugins swap them; no core file names the sample), and
// the real <SignIn> signs in with it against the real provider in-process, which serves the sample the same way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LatchkeyProvider, SIGN_IN_PRODUCTS } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import { SignIn as ThemedSignIn } from '@latchkey/ui-default';
import { PRODUCT_KITS, SignIn as UnstyledSignIn } from '@latchkey/ui-unstyled';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startTestEnvironment, type TestEnvironment } from '../index';
import { useSecurityQuestionFlow } from './hooks/index';
import { securityQuestionsOf } from './sdk/index';

const EMAIL = 'ada@example.com';
const QUESTION = 'Name of your first dog?';
const ANSWER = 'Rex the dog';

/** A provider whose user EMAIL has set the question, signed out again: the page starts signed out. */
async function userWithAnswer(): Promise<TestEnvironment> {
  const env = await startTestEnvironment();
  const { method_id } = await env.client.otps.email.loginOrCreate(EMAIL);
  await env.client.otps.authenticate(await env.lastCode(EMAIL), method_id, { session_duration_minutes: 30 });
  await securityQuestionsOf(env.client).set({ question: QUESTION, answer: ANSWER });
  await env.client.session.revoke();
  env.requests.length = 0;
  return env;
}

// One props type for both kits' <SignIn> (`signInWithAnswer` renders either): the configuration is passed as such.
const config = { products: ['securityQuestion'] } as never;

/** Signs in through the widget: Main's block, then the SecurityQuestion screen. */
async function signInWithAnswer(SignIn: ComponentType<{ config?: never }>, answer = '  rex THE dog ') {
  const env = await userWithAnswer();
  const view = render(
    <LatchkeyProvider client={env.client}>
      <SignIn config={config} />
    </LatchkeyProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Sign in with a security question' }));
  expect(await screen.findByRole('heading', { name: 'Answer your security question' })).toBeTruthy();
  const root = view.container.querySelector('[data-scope="security-question"][data-part="root"]');
  expect(root?.querySelector('[data-part="input"][data-field="answer"]')).not.toBeNull();
  await expectNoAxeViolations(view.container);
  await user.type(screen.getByLabelText('Email'), EMAIL);
  await user.type(screen.getByLabelText('Answer'), answer);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { env, view, user };
}

async function expectSignedIn(client: LatchkeyClient, env: TestEnvironment) {
  // The core's success screen, and a session the provider authenticates, with the sample's factor.
  expect(await screen.findByText('You have successfully logged in.')).toBeTruthy();
  await waitFor(() => expect(client.session.getSync()).not.toBeNull(), { timeout: 10_000 });
  const session = client.session.getSync();
  expect(session?.authentication_factors.map((factor) => factor.type)).toEqual(['security_question']);
  const [authenticate] = env.requests.filter((request) => request.path === '/security_questions/authenticate');
  expect(authenticate?.status).toBe(200);
  const checked = await client.session.authenticate({});
  expect(checked.session.session_id).toBe(session?.session_id);
}

describe('the sample product in the kits, added through the registries alone', () => {
  it('is listed by the hooks and the kit registries as this project loads them', () => {
    expect(Object.keys(SIGN_IN_PRODUCTS)).toContain('securityQuestion');
    expect(Object.keys(PRODUCT_KITS)).toContain('securityQuestion');
  });

  it('is named by no source file of the SDK, the hooks or the kits', () => {
    const naming: string[] = [];
    for (const pkg of ['sdk', 'hooks', 'ui-unstyled', 'ui-default']) {
      const root = join(import.meta.dirname, '../../..', pkg, 'src');
      for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|tsx|css)$/.test(file)) continue;
        if (/security_?questions?|sampleProduct/i.test(readFileSync(join(root, file), 'utf8'))) {
          naming.push(`${pkg}/${file}`);
        }
      }
    }
    expect(naming).toEqual([]);
  });

  it("signs in with a security answer in ui-unstyled's <SignIn>", async () => {
    const { env } = await signInWithAnswer(UnstyledSignIn as ComponentType<{ config?: never }>);
    await expectSignedIn(env.client, env);
  });

  it("signs in with a security answer in ui-default's <SignIn>, themed", async () => {
    const { env, view } = await signInWithAnswer(ThemedSignIn as ComponentType<{ config?: never }>);
    await expectSignedIn(env.client, env);
    expect(view.container.querySelector('.lk-Root [data-scope="login-success"]')).not.toBeNull();
  });

  it('shows the provider’s refusal of a wrong answer on its screen, and stays there', async () => {
    const { env } = await signInWithAnswer(UnstyledSignIn as ComponentType<{ config?: never }>, 'felix');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Answer your security question' })).toBeTruthy();
    expect(env.client.session.getSync()).toBeNull();
  });

  it('runs its SDK namespace and flow hook outside a <SignIn> too', async () => {
    const env = await userWithAnswer();
    // The client made the namespace from the registry line: it preloads like any product's.
    // TODO(open type LazyNamespace): `preload` takes the closed union of the real namespaces.
    await env.client.preload(['securityQuestions' as never]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <LatchkeyProvider client={env.client}>{children}</LatchkeyProvider>
    );
    const { result } = renderHook(() => useSecurityQuestionFlow(), { wrapper });
    await act(async () => expect(await result.current.authenticate('not-an-email', ANSWER)).toBe(false));
    expect(result.current.error?.type).toBe('invalid_email');
    await act(async () => expect(await result.current.authenticate(EMAIL, '   ')).toBe(false));
    expect(result.current.error?.type).toBe('required');
    expect(env.requests.filter((request) => request.path === '/security_questions/authenticate')).toEqual([]);
    await act(async () => expect(await result.current.authenticate(EMAIL, ANSWER)).toBe(true));
    expect(result.current.status).toBe('success');
    expect(env.client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
      'security_question',
    ]);
  });
});
