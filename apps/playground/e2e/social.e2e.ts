// Social sign-in in Chromium, against `npm start`'s provider and its development upstream (a real OpenID Connect
// server inside the provider process that stands in for all 19 providers): the user clicks 'Continue with …' in the
// default kit, picks who they are on the upstream's identity page, and lands on the playground's /authenticate
// signed in. Three providers sign up a new user and, signed out, the same identity signs into the same user; the
// start sends a PKCE code challenge and the authenticate its verifier (the provider's default); a user who
// cancels at the upstream reaches the callback error; Google One Tap through the provider's stand-in for Google's
// script (embedded in the widget and floating), and the plain Google button when the script cannot load; the
// session page links a second provider and unlinks one. axe-core on every screen of ours (not on the upstream's
// identity page, which stands in for the providers' own pages).
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  checkA11y,
  E2E_WAIT_MS,
  expectSignedIn,
  expectSignedOut,
  open,
  PLAYGROUND_URL,
  PROVIDER_URL,
  sessionStatus,
  test,
  uniqueEmail,
  widget,
} from './support';

/** The switcher's social column (Google, GitHub, Microsoft, Discord) beside the email form, One Tap off. */
const SOCIAL_PAGE = '/?products=emailMagicLinks,oauth&methods=sms,whatsapp&oneTap=off';
/** The same with Google One Tap embedded in the widget (the switcher's default). */
const ONE_TAP_PAGE = '/?products=emailMagicLinks,oauth&methods=sms,whatsapp';
/** What /authenticate says after the user cancels at the provider (Discord here): a sentence, no protocol code. */
const CANCELLED =
  'You cancelled signing in with Discord, so you are not signed in. You can try again or choose another way.';
/** Where the page loads Google's script in development (src/kitConfig.ts ONE_TAP_SCRIPT_URL). */
const ONE_TAP_SCRIPT = 'http://localhost:8787/dev/oauth/gsi/client';

/** An identity at the development upstream: typed into its form. */
interface Identity {
  email: string;
  name: string;
  emailVerified: boolean;
}

function newIdentity(label: string): Identity {
  return { email: uniqueEmail(label), name: `Test ${label}`, emailVerified: true };
}

/** The widget's 'Continue with {provider}' button. */
function socialButton(signIn: Locator, provider: string): Locator {
  return signIn.getByRole('button', { name: `Continue with ${provider}`, exact: true });
}

/** The labels of the widget's social buttons, top to bottom. */
async function socialButtonNames(signIn: Locator): Promise<string[]> {
  const names = await signIn.getByRole('button', { name: /^Continue with / }).allTextContents();
  return names.map((name) => name.trim());
}

/** The computed look of the widget's 'Continue with Google' button and its logo's colours (Google's branding rules). */
async function googleButtonStyle(signIn: Locator) {
  return socialButton(signIn, 'Google').evaluate((button) => {
    const style = getComputedStyle(button);
    return {
      background: style.backgroundColor,
      border: style.borderTopColor,
      color: style.color,
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      paddingLeft: style.paddingLeft,
      paddingRight: style.paddingRight,
      gap: style.columnGap,
      logo: [...button.querySelectorAll('svg path')].map((path) => getComputedStyle(path).fill),
    };
  });
}

/** Whether `url` is on the development upstream (not the playground, not the provider). */
function isUpstream(url: string, playground: string, provider: string): boolean {
  const { origin } = new URL(url);
  return origin !== new URL(playground).origin && origin !== new URL(provider).origin && url.startsWith('http');
}

/**
 * On the development upstream's identity page (after a 'Continue with …' click), signs in as `identity` by typing it
 * into the page's form, or presses 'Cancel'. Waits until the browser is back on the playground.
 */
async function completeAtUpstream(
  page: Page,
  choice: Identity | 'cancel',
  { playground = PLAYGROUND_URL, provider = 'http://localhost:8787' } = {},
): Promise<void> {
  await page.waitForURL((url) => isUpstream(url.toString(), playground, provider), { timeout: E2E_WAIT_MS });
  if (choice === 'cancel') {
    await page.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await page.getByLabel('Email', { exact: true }).fill(choice.email);
    await page.getByLabel('Name', { exact: true }).fill(choice.name);
    await page.getByLabel('Email verified').setChecked(choice.emailVerified);
    await page
      .getByRole('button', { name: /^(Continue|Sign in)( as)?/ })
      .last()
      .click();
  }
  await page.waitForURL((url) => url.toString().startsWith(`${playground}/authenticate`), { timeout: E2E_WAIT_MS });
}

/** Waits for /authenticate's 'Signed in with social sign-in as {email}.' (the token gone from the address bar). */
async function expectSocialSignIn(page: Page, email: string): Promise<void> {
  // Polled as text, so a failure shows what the page said instead (an error, or still 'Logging in...').
  await expect
    .poll(() => page.getByTestId('authenticate-result').textContent())
    .toBe(`Signed in with social sign-in as ${email}. See the session.`);
  await expectSignedIn(page, email);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
}

/** Opens /session from the header's link and returns the user id, once the linked providers list shows. */
async function sessionUser(page: Page): Promise<{ userId: string; providers: string[] }> {
  await sessionStatus(page).getByRole('link').click();
  await page.getByRole('heading', { name: 'Session', level: 1 }).waitFor();
  await page.getByTestId('session-providers').waitFor();
  const userId = (await page.getByTestId('session-user-id').textContent()) ?? '';
  const providers = await page.getByTestId('session-providers').getByRole('listitem').allTextContents();
  return { userId, providers };
}

/** Signs out from /session and goes back to the sign-in page. */
async function signOutAndReturn(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/session') await open(page, '/session');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOut(page);
  await open(page, path);
}

describe('social sign-in through the development upstream', () => {
  test('Main lists the configured providers in order; all 19 with their names', async ({ page }) => {
    await open(page, SOCIAL_PAGE);
    const signIn = widget(page);
    await socialButton(signIn, 'Google').waitFor();
    await signIn.getByLabel('Email').waitFor();
    await expect
      .poll(() => socialButtonNames(signIn))
      .toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with Microsoft', 'Continue with Discord']);
    // The 'or' divider separates the social column from the email form.
    await signIn.getByText('or', { exact: true }).waitFor();
    // Google's button follows Google's branding rules (light): white, #747775 stroke, #1F1F1F text, Roboto Medium
    // 14/20 (Arial where Roboto is not loaded), 12 px padding, 10 px from the "G", which is in its four colours.
    await expect.poll(() => socialButton(signIn, 'Google').locator('svg path').count()).toBe(4);
    expect(await googleButtonStyle(signIn)).toEqual({
      background: 'rgb(255, 255, 255)',
      border: 'rgb(116, 119, 117)',
      color: 'rgb(31, 31, 31)',
      fontFamily: expect.stringMatching(/^Roboto,/),
      fontSize: '14px',
      fontWeight: '500',
      paddingLeft: '12px',
      paddingRight: '12px',
      gap: '10px',
      logo: ['rgb(234, 67, 53)', 'rgb(66, 133, 244)', 'rgb(251, 188, 5)', 'rgb(52, 168, 83)'],
    });
    await checkA11y(page, 'Main with the social column');

    // 'All 19 providers' from the switcher: the widget remounts with every provider, in the spec's order.
    await page.getByRole('form', { name: 'Widget configuration' }).getByLabel('All 19 providers').check();
    await expect.poll(() => new URL(page.url()).searchParams.get('social')).toBe('all');
    await expect.poll(async () => (await socialButtonNames(signIn)).length).toBe(19);
    const names = await socialButtonNames(signIn);
    expect(names.slice(0, 4)).toEqual([
      'Continue with Google',
      'Continue with Microsoft',
      'Continue with Apple',
      'Continue with GitHub',
    ]);
    expect(names.at(-1)).toBe('Continue with Yahoo');
    await checkA11y(page, 'Main with all 19 providers');

    // The unstyled kit draws the same column.
    await open(page, `/unstyled${SOCIAL_PAGE.slice(1)}`);
    await expect
      .poll(() => socialButtonNames(signIn))
      .toEqual(['Continue with Google', 'Continue with GitHub', 'Continue with Microsoft', 'Continue with Discord']);
    await checkA11y(page, 'Main with the social column (unstyled kit)');
  });

  for (const provider of ['Google', 'GitHub', 'Microsoft']) {
    test(`${provider}: a new user signs up, then the same identity signs into the same user`, async ({ page }) => {
      const identity = newIdentity(provider.toLowerCase());
      await open(page, SOCIAL_PAGE);
      const signIn = widget(page);
      await socialButton(signIn, provider).click();
      await completeAtUpstream(page, identity);
      await expectSocialSignIn(page, identity.email);
      await checkA11y(page, '/authenticate after social sign-in');
      const first = await sessionUser(page);
      expect(first.userId).not.toBe('');
      expect(first.providers).toHaveLength(1);
      expect(first.providers[0]).toContain(provider);
      await page.getByTestId('session-factors').getByText(`oauth by oauth_${provider.toLowerCase()}`).waitFor();
      await checkA11y(page, '/session with a linked provider');

      // Signed out, the same identity at the same provider is the same user (no second user, no second link).
      await signOutAndReturn(page, SOCIAL_PAGE);
      await socialButton(signIn, provider).click();
      await completeAtUpstream(page, identity);
      await expectSocialSignIn(page, identity.email);
      const again = await sessionUser(page);
      expect(again.userId).toBe(first.userId);
      expect(again.providers).toHaveLength(1);
    });
  }

  test('the user cancels at the upstream: a plain sentence and the widget again, nobody is signed in', async ({
    page,
  }) => {
    await open(page, SOCIAL_PAGE);
    await socialButton(widget(page), 'Discord').click();
    await completeAtUpstream(page, 'cancel');
    const result = page.getByTestId('authenticate-result');
    await result.getByText(CANCELLED, { exact: true }).waitFor();
    // Never the protocol's code.
    expect(await page.locator('main').textContent()).not.toContain('access_denied');
    await result.getByRole('link', { name: 'sign-in page' }).waitFor();
    // Back to the widget: its social buttons are right there to try again.
    await socialButton(widget(page), 'Discord').waitFor();
    await expectSignedOut(page);
    await checkA11y(page, '/authenticate after a cancel at the provider');
  });

  test("a stranger signed up with the owner's address: her Google sign-in gets in, and the page says what was removed", async ({
    page,
  }) => {
    const owner = newIdentity('owner');
    // The stranger signs up with the owner's address and a password; nobody proves the address.
    const created = await fetch(`${PROVIDER_URL}/sdk/v1/passwords`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('public-token-test-latchkey-playground:public-token-test-latchkey-playground').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: owner.email, password: 'dragonfly-marmalade-41', session_duration_minutes: 5 }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    await open(page, SOCIAL_PAGE);
    await socialButton(widget(page), 'Google').click();
    await completeAtUpstream(page, owner);
    await expectSocialSignIn(page, owner.email);
    await page
      .getByTestId('account-reset')
      .getByText(
        `For your security, we removed a password that was added to this account before you proved you own ${owner.email}. We also signed it out on every other device.`,
        { exact: true },
      )
      .waitFor();
    await checkA11y(page, '/authenticate after a sign-in that reset the account');
  });

  test('the session page links a second provider, then unlinks one', async ({ page }) => {
    const identity = newIdentity('link');
    await open(page, SOCIAL_PAGE);
    await socialButton(widget(page), 'Microsoft').click();
    await completeAtUpstream(page, identity);
    await expectSocialSignIn(page, identity.email);
    const before = await sessionUser(page);
    expect(before.providers).toHaveLength(1);

    // A provider already linked is not offered again.
    const linkable = () => page.getByLabel('Provider to link').locator('option').allTextContents();
    expect(await linkable()).not.toContain('Microsoft');
    expect(await linkable()).toContain('Google');

    // 'Link Google': oauth.attach, then Google's start with the attach token; the upstream identity is another one.
    await page.getByLabel('Provider to link').selectOption('google');
    await page.getByRole('button', { name: 'Link Google' }).click();
    await completeAtUpstream(page, newIdentity('linked'));
    // The page says what happened: Google was linked (not 'Signed in with social sign-in').
    await expect
      .poll(() => page.getByTestId('authenticate-result').textContent())
      .toBe('Google was linked to your account. See it on the session page.');
    await checkA11y(page, '/authenticate after linking Google');
    await page.getByTestId('authenticate-result').getByRole('link', { name: 'session' }).click();
    await page.getByTestId('session-providers').waitFor();
    const after = {
      userId: (await page.getByTestId('session-user-id').textContent()) ?? '',
      providers: await page.getByTestId('session-providers').getByRole('listitem').allTextContents(),
    };
    expect(after.userId).toBe(before.userId);
    expect(after.providers).toHaveLength(2);
    expect(after.providers.join('\n')).toMatch(/Google/);
    expect(await linkable()).not.toContain('Google');
    await checkA11y(page, '/session with two linked providers');

    // 'Unlink' Microsoft asks first; 'Cancel' keeps it.
    const rowUnlink = page.getByRole('button', { name: /^Unlink Microsoft \(/ });
    await rowUnlink.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/^Unlink Microsoft\? You will no longer be able to sign in with Microsoft/).waitFor();
    await checkA11y(page, '/session asking before unlinking');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('session-providers').getByRole('listitem').count()).toBe(2);

    // Confirmed: the list keeps Google only.
    await rowUnlink.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink Microsoft', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('session-providers').getByRole('listitem').allTextContents())
      .toEqual([expect.stringMatching(/^Google /)]);
    expect(await page.getByTestId('session-providers-error').count()).toBe(0);
    expect(await linkable()).toContain('Microsoft');
    await checkA11y(page, '/session after unlinking');
  });
});

describe('Google One Tap through the stand-in script', () => {
  /** The stand-in's chooser: a button per test identity (`prompt()`); picks the first one. */
  async function pickInChooser(scope: Locator | Page): Promise<string> {
    const choice = scope.getByRole('button', { name: /@example\.com/ }).first();
    await choice.waitFor();
    const label = (await choice.textContent()) ?? '';
    await choice.click();
    // The button reads name then address with no space between them ('Ada Lovelaceada@example.com').
    return /(ada|grace|katherine|alan)@example\.com/.exec(label)?.[0] ?? '';
  }

  test('embedded in the widget: the chooser shows inside it, a pick signs in', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'script' && request.url().includes('/gsi/client')) scripts.push(request.url());
    });
    await open(page, ONE_TAP_PAGE);
    const signIn = widget(page);
    // The chooser is drawn inside the widget (prompt_parent_id), above the social column.
    const email = await (async () => {
      await signIn
        .getByRole('button', { name: /@example\.com/ })
        .first()
        .waitFor();
      await checkA11y(page, 'Main with One Tap embedded');
      return pickInChooser(signIn);
    })();
    expect(scripts).toEqual([ONE_TAP_SCRIPT]);
    await page.waitForURL((url) => url.pathname === '/authenticate');
    await expectSocialSignIn(page, email);
    await checkA11y(page, '/authenticate after One Tap');
    await page.getByTestId('authenticate-result').getByRole('link', { name: 'session' }).click();
    await page.getByTestId('session-factors').getByText('oauth by oauth_google').waitFor();
  });

  test('embedded: the prompt gets the room it takes, covering neither the heading nor the buttons under it', async ({
    page,
  }) => {
    await open(page, ONE_TAP_PAGE);
    const signIn = widget(page);
    const chooser = signIn.locator('[data-latchkey-gsi="chooser"]');
    await chooser.waitFor();
    const heading = signIn.getByRole('heading', { name: 'Sign up or log in' });
    const github = socialButton(signIn, 'GitHub');
    // Far taller than the 47 px the container starts at; the container grows to hold it (after the 100 ms debounce).
    await expect.poll(async () => (await chooser.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    const container = signIn.locator('[data-part="one-tap"]');
    await expect
      .poll(async () => Number(await container.getAttribute('data-height')))
      .toBeGreaterThanOrEqual(Math.floor((await chooser.boundingBox())?.height ?? 0));
    const box = await chooser.boundingBox();
    const headingBox = await heading.boundingBox();
    const githubBox = await github.boundingBox();
    if (!box || !headingBox || !githubBox) throw new Error('a box is missing');
    const overlaps = (a: typeof box, b: typeof box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(box, headingBox), 'the prompt covers the heading').toBe(false);
    expect(overlaps(box, githubBox), 'the prompt covers the GitHub button').toBe(false);
    expect(box.y).toBeGreaterThanOrEqual(headingBox.y + headingBox.height);
    expect(githubBox.y).toBeGreaterThanOrEqual(box.y + box.height);
    // The button under it is the one a click lands on.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
      { x: githubBox.x + githubBox.width / 2, y: githubBox.y + githubBox.height / 2 },
    );
    expect(hit).toBe('Continue with GitHub');
  });

  test('floating over the page: the chooser shows outside the widget, a pick signs in', async ({ page }) => {
    await open(page, `${ONE_TAP_PAGE}&oneTap=floating`);
    const signIn = widget(page);
    await socialButton(signIn, 'GitHub').waitFor();
    const chooser = page.getByRole('button', { name: /@example\.com/ }).first();
    await chooser.waitFor();
    expect(await signIn.getByRole('button', { name: /@example\.com/ }).count()).toBe(0);
    await checkA11y(page, 'Main with One Tap floating');
    const email = await pickInChooser(page);
    await page.waitForURL((url) => url.pathname === '/authenticate');
    await expectSocialSignIn(page, email);
  });

  test('the script cannot load: the plain Google button shows, with the explanation on a test token', async ({
    page,
  }) => {
    // The stand-in the playground loads, and Google's own script the widget then tries (offline either way).
    await page.route(`${ONE_TAP_SCRIPT}*`, (route) => route.abort());
    await page.route('https://accounts.google.com/**', (route) => route.abort());
    await open(page, ONE_TAP_PAGE);
    const signIn = widget(page);
    await socialButton(signIn, 'Google').first().waitFor();
    // The playground runs on a test token: the fallback says why One Tap is not there.
    await signIn.getByText(/One Tap could not load/).waitFor();
    await checkA11y(page, 'Main with the One Tap fallback');
    // The plain button still signs in, through the redirect flow.
    const identity = newIdentity('fallback');
    await socialButton(signIn, 'Google').first().click();
    await completeAtUpstream(page, identity);
    await expectSocialSignIn(page, identity.email);
  });
});

// PKCE binds the token of the redirect back to the browser that started (project.pkce.oauth, on by default).
describe('social sign-in bound to the browser by PKCE (the default)', () => {
  test('the start carries a code challenge, the authenticate its verifier, and the user signs in', async ({ page }) => {
    const starts: URL[] = [];
    const authenticates: Record<string, unknown>[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/start') && url.pathname.includes('/v1/public/oauth/')) starts.push(url);
      if (url.pathname === '/sdk/v1/oauth/authenticate' && request.method() === 'POST') {
        authenticates.push(request.postDataJSON() as Record<string, unknown>);
      }
    });
    const identity = newIdentity('pkce');
    await open(page, SOCIAL_PAGE);
    await socialButton(widget(page), 'Microsoft').click();
    await completeAtUpstream(page, identity);
    await expectSocialSignIn(page, identity.email);
    expect(starts).toHaveLength(1);
    expect(starts[0]?.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authenticates).toHaveLength(1);
    expect(authenticates[0]?.code_verifier).toMatch(/^[A-Za-z0-9_~.-]{43,128}$/);
  });
});
