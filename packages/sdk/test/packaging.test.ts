// @vitest-environment jsdom
// The published package, not the source: `npm run build` output imports as ESM and CJS in Node with jsdom,
// and bundles into a Vite app with WebAuthn split into its own on-demand chunk.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// jsdom replaces the URL global, so the path is derived without it.
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageDir, 'dist');

beforeAll(() => {
  execFileSync('npx', ['tsup', '--silent'], { cwd: packageDir, stdio: 'pipe' });
}, 120_000);

describe('the built package', () => {
  it('emits ESM, CJS and type declarations for both entry points', () => {
    for (const file of [
      'index.js',
      'index.cjs',
      'index.d.ts',
      'index.d.cts',
      'contract.js',
      'contract.cjs',
      'contract.d.ts',
      'contract.d.cts',
    ]) {
      expect(existsSync(join(dist, file)), file).toBe(true);
    }
    // The contract entry is types only: the provider imports it without SDK runtime code.
    expect(
      readFileSync(join(dist, 'contract.js'), 'utf8')
        .replace(/\/\/.*$/gm, '')
        .trim(),
    ).toBe('');
  });

  it('keeps @simplewebauthn/browser out of the main chunk (loaded on demand)', () => {
    const main = readFileSync(join(dist, 'index.js'), 'utf8');
    expect(main).toMatch(/import\(["']@simplewebauthn\/browser["']\)/);
    expect(main).not.toMatch(/^import .*@simplewebauthn\/browser/m);
  });

  it('keeps every namespace out of the first load: index.js and the chunks it imports hold the core only', () => {
    const read = (file: string) => readFileSync(join(dist, file), 'utf8');
    const imported = (text: string) => [...text.matchAll(/^import[^'"]*["']\.\/([^"']+)["']/gm)].map((m) => m[1] ?? '');
    const firstLoad = ['index.js', ...imported(read('index.js'))].map(read).join('\n');
    const everything = readdirSync(dist)
      .filter((file) => file.endsWith('.js'))
      .map(read)
      .join('\n');
    // The background refresh is in the core; each product's own call paths are not.
    expect(firstLoad).toContain('/sessions/authenticate');
    for (const path of [
      '/otps/authenticate',
      '/magic_links/authenticate',
      '/passwords/strength_check',
      '/oauth/attach',
      '/crypto_wallets/authenticate',
      '/webauthn/update',
      '/totps/recover',
      '/sessions/revoke',
      '/users/me',
      '/users/search',
      '/idp/oauth/authorize/start',
      '/impersonation/authenticate',
    ]) {
      expect(firstLoad, path).not.toContain(path);
      expect(everything, path).toContain(path);
    }
  });

  it('bundles a standalone export without the client or any namespace', () => {
    // esbuild's CLI in a child process: its JS API refuses jsdom's TextEncoder.
    const esbuild = join(packageDir, '..', '..', 'node_modules', '.bin', 'esbuild');
    const text = execFileSync(esbuild, ['--bundle', '--format=esm', '--platform=browser', '--log-level=error'], {
      cwd: dist,
      input:
        "import { OAUTH_PROVIDERS, computeCodeChallenge } from './index.js';\n" +
        "import { parseOAuthAuthorizeParams } from './idp.js';\n" +
        'console.log(parseOAuthAuthorizeParams, OAUTH_PROVIDERS, computeCodeChallenge);\n',
      encoding: 'utf8',
    });
    expect(text).toContain('redirect_uri');
    for (const core of ['stytch_sdk_state_', '/projects/bootstrap/', 'import(']) expect(text).not.toContain(core);
  });

  it('bundles the exports the kits read in their first load without the namespaces list or its loaders', () => {
    // These share index.js's chunk with the client's list of product namespaces: the list must shake out when no
    // client is made (it is built by a call marked pure; without the mark every sign-in page carried it).
    const esbuild = join(packageDir, '..', '..', 'node_modules', '.bin', 'esbuild');
    const text = execFileSync(esbuild, ['--bundle', '--format=esm', '--platform=browser', '--log-level=error'], {
      cwd: dist,
      input:
        "import { DEFAULT_BOOTSTRAP, INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS, urlWithoutToken } from './index.js';\n" +
        'console.log(DEFAULT_BOOTSTRAP, INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS, urlWithoutToken);\n',
      encoding: 'utf8',
    });
    expect(text).toContain('emailDomains');
    for (const namespaces of ['loginOrCreate', 'import(']) expect(text).not.toContain(namespaces);
  });

  it('imports as ESM in Node with jsdom, and a call to an unreachable provider fails with the typed error', async () => {
    const sdk = await import(/* @vite-ignore */ join(dist, 'index.js'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = sdk.createClient('public-token-test-packaging', { apiBaseUrl: 'http://127.0.0.1:9' });
    const error = await client.users.search('ada@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.APIUnreachableError);
    expect((error as Error).message).toBe('Unable to contact our servers.');
    expect(logged).toHaveBeenCalledWith(
      'Unable to load the project settings (bootstrap); using defaults.',
      expect.any(Error),
    );
    client.destroy();
    logged.mockRestore();
  });

  it('requires as CJS in Node with jsdom', () => {
    const sdk = createRequire(import.meta.url)(join(dist, 'index.cjs'));
    expect(typeof sdk.createClient).toBe('function');
    expect(() => sdk.createClient('public-token-test-cjs', { apiBaseUrl: 'nope' })).toThrow(
      'Invalid call to createClient: apiBaseUrl must be an absolute http(s) URL',
    );
  });

  it('bundles into a Vite app, with WebAuthn in a separate chunk', async () => {
    const { build } = await import('vite');
    // Inside the repository, so the app resolves @latchkey/sdk from the workspace's node_modules.
    const cache = join(packageDir, '..', '..', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const app = mkdtempSync(join(cache, 'latchkey-vite-app-'));
    writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
    writeFileSync(
      join(app, 'main.js'),
      "import { createClient } from '@latchkey/sdk';\n" +
        "const client = createClient('public-token-test-vite', { apiBaseUrl: 'http://localhost:8787' });\n" +
        "document.body.dataset.ready = String(typeof client.webauthn.register === 'function');\n",
    );
    await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      // Resolve the package the way an app outside this repository does: through its published exports.
      resolve: { preserveSymlinks: false },
      build: { outDir: join(app, 'dist'), emptyOutDir: true },
    });
    const assets = readdirSync(join(app, 'dist', 'assets')).filter((file) => file.endsWith('.js'));
    expect(assets.length).toBeGreaterThanOrEqual(2);
    const contents = assets.map((file) => readFileSync(join(app, 'dist', 'assets', file), 'utf8'));
    const entry = contents.find((text) => text.includes('public-token-test-vite'));
    expect(entry).toBeDefined();
    // The library's own code (the navigator.credentials calls) sits only in the on-demand chunk.
    expect(entry).not.toContain('navigator.credentials');
    expect(contents.some((text) => text.includes('navigator.credentials'))).toBe(true);
    rmSync(app, { recursive: true, force: true });
  }, 120_000);

  it("publishes open types: the products' fields apply, and an outside product extends them by declaration merging", () => {
    // An app outside this repository, type-checked against dist/*.d.ts (no latchkey-source condition).
    const cache = join(packageDir, '..', '..', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const app = mkdtempSync(join(cache, 'latchkey-types-app-'));
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['main.ts'],
      }),
    );
    writeFileSync(
      join(app, 'main.ts'),
      [
        "import type { AccountResetItem, AuthenticationFactorType, BootstrapData, LatchkeyEnvironment, User, WidgetProduct } from '@latchkey/sdk';",
        "import type { ContractProduct } from '@latchkey/sdk/contract';",
        "declare module '@latchkey/sdk/contract' {",
        '  interface WidgetProductRegister { securityQuestion: true }',
        '  interface ContractProductRegister { security_question: true }',
        '  interface AuthenticationFactorTypeRegister { security_question: true }',
        '  interface User { security_questions?: { question_id: string }[] }',
        '  interface AccountResetItemRegister { security_questions: true }',
        '}',
        "declare module '@latchkey/sdk' {",
        '  interface LatchkeyEnvironment { loadSecurityQuestionLibrary?(): Promise<unknown> }',
        '}',
        "export const products: WidgetProduct[] = ['emailMagicLinks', 'otp', 'passkeys', 'crypto', 'securityQuestion'];",
        "export const switches: ContractProduct[] = ['email_otp', 'webauthn', 'security_question'];",
        "export const factors: AuthenticationFactorType[] = ['magic_link', 'oauth_access_token_exchange', 'security_question'];",
        "export const removed: AccountResetItem[] = ['password', 'totp', 'emails', 'security_questions'];",
        'export const read = (user: User, settings: BootstrapData, environment: LatchkeyEnvironment) => [',
        '  user.crypto_wallets, user.webauthn_registrations, user.totps, user.password, user.providers,',
        '  user.security_questions, settings.passwordConfig, settings.pkceRequiredForOAuth,',
        '  environment.loadWebAuthn, environment.loadSecurityQuestionLibrary,',
        '];',
        '// @ts-expect-error: no product of that name',
        "export const unknown: WidgetProduct = 'nope';",
        '',
      ].join('\n'),
    );
    const tsc = join(packageDir, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', app], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      throw new Error(String((error as { stdout?: string }).stdout ?? error));
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  }, 120_000);
});
