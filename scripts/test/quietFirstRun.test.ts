// A first run is quiet (issue 28): what a newcomer's `npm start` and `npm test` load prints no configuration
// warning on the Node version the README promises (20.19 and later). Each check runs the real thing in a child
// `node`, as a newcomer would, and reads everything it printed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** This process's environment without vitest's own variables, so a child vitest starts as from a shell. */
function shellEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'),
  );
}

/** Runs `node ...args` in `cwd` to its end: its exit code and everything it printed. */
function runNode(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...shellEnvironment(), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The development upstream (the provider's stand-in social identity provider, started by the first social sign-in
// of `npm start` and of the tests): loaded the way the provider's command loads its source (bin/latchkey-provider.mjs,
// tsx), started, asked for its discovery document, closed.
const STARTS_THE_DEVELOPMENT_UPSTREAM = `
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
const { startDevelopmentUpstream } = await tsImport(
  './src/products/oauth/developmentUpstream/startDevelopmentUpstream.ts',
  { parentURL: pathToFileURL(process.cwd() + '/').href, tsconfig: './tsconfig.json' },
);
const upstream = await startDevelopmentUpstream({
  host: '127.0.0.1',
  port: 0,
  redirectUris: ['http://localhost:5173/authenticate'],
});
const discovery = await fetch(upstream.issuer + '/.well-known/openid-configuration');
console.log(discovery.status);
await upstream.close();
`;

describe('a first run on the Node version the README promises', () => {
  it('starts the development upstream without a warning (no "Unsupported runtime")', async () => {
    const run = await runNode(
      ['--input-type=module', '--eval', STARTS_THE_DEVELOPMENT_UPSTREAM],
      fileURLToPath(new URL('../../apps/provider/', import.meta.url)),
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('200\n');
    expect(run.code).toBe(0);
  }, 120_000);

  it("loads every vitest project's configuration without a warning (no Vite config loader notice)", async () => {
    // `vitest list` resolves every project of the root vitest.config.ts, as `npm test` does, then lists one file.
    const run = await runNode(
      ['node_modules/vitest/vitest.mjs', 'list', '--filesOnly', 'packages/sdk/src/errors.test.ts'],
      root,
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('[sdk] packages/sdk/src/errors.test.ts\n');
    expect(run.code).toBe(0);
  }, 120_000);

  it("loads the playground's Vite configuration (npm start's) without a warning", async () => {
    const { loadConfigFromFile } = await import('vite');
    const warnings: string[] = [];
    const logger = {
      info: () => {},
      warn: (message: string) => warnings.push(message),
      warnOnce: (message: string) => warnings.push(message),
      error: (message: string) => warnings.push(message),
      clearScreen: () => {},
      hasErrorLogged: () => false,
      hasWarned: false,
    };
    const playground = fileURLToPath(new URL('../../apps/playground/', import.meta.url));
    const loaded = await loadConfigFromFile(
      { command: 'serve', mode: 'development' },
      `${playground}vite.config.ts`,
      playground,
      'info',
      logger,
    );
    expect(loaded?.config.server?.port).toBe(5173);
    expect(warnings).toEqual([]);
  }, 120_000);
});
