// The `latchkey-provider` command as a user runs it: a real child process, a real port, a real database file
// (or, in the PostgreSQL pass, a throwaway PostgreSQL database; that pass runs only the tests that open one).
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfigFile, parseConfig } from '../src/config';
import { ERROR_CATALOGUE } from '../src/http/errors';
import { freshDatabase, ORIGIN, PUBLIC_TOKEN, postgresUrl } from '../testing/harness';
import { itWithoutPostgres, listeningUrl, type ProviderProcess, spawnProvider, tempDir } from './spawnProvider';

const AUTH = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`;

const json = (response: Response): Promise<any> => response.json();

async function bootstrap(url: string): Promise<Response> {
  return fetch(`${url}/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`, { headers: { authorization: AUTH } });
}

describe('latchkey-provider command line', () => {
  itWithoutPostgres('--help prints the usage with every option and exits 0', async () => {
    const cli = spawnProvider(['--help']);
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stdout()).toMatch(/^Usage: latchkey-provider start \[options\]\n/);
    for (const option of ['--port <number>', '--host <address>', '--db <target>', '--config <path>', '-h, --help']) {
      expect(cli.stdout()).toContain(option);
    }
    expect(cli.stderr()).toBe('');
  });

  itWithoutPostgres('an unknown flag is refused with exit code 2, the flag named and the usage shown', async () => {
    const dir = tempDir();
    const cli = spawnProvider(['start', '--prot', '8787'], { cwd: dir });
    expect(await cli.exited).toEqual({ code: 2, signal: null });
    expect(cli.stderr()).toMatch(/^latchkey-provider: unknown option --prot\.\n\nUsage: latchkey-provider start/);
    expect(cli.stdout()).toBe('');
    expect(existsSync(join(dir, '.data'))).toBe(false);
  });

  itWithoutPostgres('an unknown command, a missing command and a bad port are usage errors (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['serve'], 'latchkey-provider: unknown command "serve" (start, purge, keys or identifiers).'],
      [[], 'latchkey-provider: missing command (start, purge, keys or identifiers).'],
      [['start', '--port', '80a'], 'latchkey-provider: --port must be a whole number from 0 to 65535, not "80a".'],
    ];
    const runs = cases.map(([args]) => spawnProvider(args));
    const exits = await Promise.all(runs.map((cli) => cli.exited));
    cases.forEach(([, message], index) => {
      const cli = runs[index] as ProviderProcess;
      expect(exits[index]).toEqual({ code: 2, signal: null });
      expect(cli.stderr().split('\n')[0]).toBe(message);
      expect(cli.stderr()).toContain('Usage: latchkey-provider start [options]');
    });
  });

  itWithoutPostgres(
    'a bad configuration file prints every problem without a stack, exits 1 and creates no database',
    async () => {
      const dir = tempDir();
      const config = join(dir, 'bad.json');
      writeFileSync(config, JSON.stringify({ mode: 'staging', rateLimits: { sendsPerIp: { limit: -1 } } }));
      const db = join(dir, 'provider.sqlite');
      const cli = spawnProvider(['start', '--port', '0', '--db', db, '--config', config], { cwd: dir });
      expect(await cli.exited).toEqual({ code: 1, signal: null });
      expect(cli.stderr()).toMatch(/^latchkey-provider: Invalid Latchkey provider configuration:\n/);
      expect(cli.stderr()).toContain('  mode: ');
      expect(cli.stderr()).toContain('  rateLimits.sendsPerIp.limit: ');
      expect(cli.stderr()).not.toMatch(/\n\s+at /);
      expect(cli.stdout()).toBe('');
      expect(existsSync(db)).toBe(false);
    },
  );

  itWithoutPostgres(
    'a --config file that does not exist or is not JSON is an error (exit 1), not a silent default',
    async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'broken.json'), '{ "mode": ');
      const missing = spawnProvider(['start', '--port', '0', '--config', 'nope.json'], { cwd: dir });
      const broken = spawnProvider(['start', '--port', '0', '--config', 'broken.json'], { cwd: dir });
      expect(await missing.exited).toEqual({ code: 1, signal: null });
      expect(missing.stderr()).toMatch(/^latchkey-provider: Cannot read the configuration file nope\.json: ENOENT/);
      expect(await broken.exited).toEqual({ code: 1, signal: null });
      expect(broken.stderr()).toMatch(/^latchkey-provider: The configuration file broken\.json is not valid JSON: /);
      expect(broken.stderr()).not.toMatch(/\n\s+at /);
      expect(existsSync(join(dir, '.data'))).toBe(false);
    },
  );

  it('serves the bootstrap and CORS over real HTTP with the --config project, and SIGTERM exits 0', async () => {
    const dir = tempDir();
    const fresh = postgresUrl ? await freshDatabase() : null;
    try {
      const db = fresh ? fresh.url : join(dir, 'provider.sqlite');
      writeFileSync(join(dir, 'project.json'), JSON.stringify({ project: { name: 'CLI Project' } }));
      const cli = spawnProvider(['start', '--port', '0', '--db', db, '--config', 'project.json'], { cwd: dir });
      const url = await listeningUrl(cli);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // A PostgreSQL URL is named without its user information (the test server's URL has a user name).
      const named = fresh
        ? `postgres ${new URL(db).protocol}//${new URL(db).host}${new URL(db).pathname}`
        : `sqlite ${db}`;
      expect(cli.stdout()).toBe(
        `Latchkey provider listening on ${url} (${named}, development mode)\n` +
          `Development inbox: ${url}/dev/inbox (every email and text message lands here)\n` +
          (fresh
            ? 'Server calls (/v1) are off: set LATCHKEY_SECRET_KEY to enable them\n' +
              'Encryption key: random for this process; authenticator apps enrolled now stop working after a restart (set LATCHKEY_ENCRYPTION_KEY)\n'
            : `Secret key for server calls (/v1): in ${db}.secret-key (development only; LATCHKEY_SECRET_KEY overrides it)\n` +
              `Encryption key: in ${db}.encryption-key (development only; LATCHKEY_ENCRYPTION_KEY overrides it)\n`),
      );

      const response = await bootstrap(url);
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body.data).toMatchObject({ status_code: 200, project_name: 'CLI Project', cname_domain: null });

      const preflight = await fetch(`${url}/sdk/v1/otps/email/login_or_create`, {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-sdk-client,x-sdk-parent-host',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');

      const unauthorized = await fetch(`${url}/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`);
      expect(unauthorized.status).toBe(401);
      expect((await json(unauthorized)).error_message).toBe(ERROR_CATALOGUE.unauthorized_credentials.message);

      cli.child.kill('SIGTERM');
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      expect(cli.stdout()).toContain('Received SIGTERM; stopping.\n');
      expect(cli.stderr()).toBe('');
      await expect(bootstrap(url)).rejects.toThrow();
      if (!fresh) expect(existsSync(db)).toBe(true);
    } finally {
      await fresh?.drop();
    }
  });

  itWithoutPostgres(
    'without flags: PORT picks the port, ./latchkey.config.json is read and .data/latchkey.sqlite is created',
    async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'latchkey.config.json'), JSON.stringify({ project: { name: 'Default File' } }));
      const cli = spawnProvider(['start'], { cwd: dir, env: { PORT: '0' } });
      const url = await listeningUrl(cli);
      expect(cli.stdout()).toContain('(sqlite .data/latchkey.sqlite, development mode)');
      expect(existsSync(join(dir, '.data', 'latchkey.sqlite'))).toBe(true);
      expect((await json(await bootstrap(url))).data.project_name).toBe('Default File');
      cli.child.kill('SIGINT');
      expect(await cli.exited).toEqual({ code: 0, signal: null });
    },
  );

  itWithoutPostgres(
    'names where the encryption key comes from, deprecated variable and development file included',
    async () => {
      const dir = tempDir();
      const db = join(dir, 'keys.sqlite');
      const key = randomBytes(32).toString('base64');
      const fromVariable = spawnProvider(['start', '--port', '0', '--db', db], {
        cwd: dir,
        env: { LATCHKEY_TOTP_ENCRYPTION_KEY: key },
      });
      await listeningUrl(fromVariable);
      expect(fromVariable.stdout()).toContain(
        'Encryption key: from LATCHKEY_TOTP_ENCRYPTION_KEY (a deprecated name: rename it LATCHKEY_ENCRYPTION_KEY)\n',
      );
      fromVariable.child.kill('SIGTERM');
      expect(await fromVariable.exited).toEqual({ code: 0, signal: null });
      // The file an earlier version kept the key in stays in use: no new key beside it.
      writeFileSync(`${db}.totp-key`, `${key}\n`, { mode: 0o600 });
      const fromOldFile = spawnProvider(['start', '--port', '0', '--db', db], { cwd: dir });
      await listeningUrl(fromOldFile);
      expect(fromOldFile.stdout()).toContain(
        `Encryption key: in ${db}.totp-key (development only; LATCHKEY_ENCRYPTION_KEY overrides it)\n`,
      );
      expect(existsSync(`${db}.encryption-key`)).toBe(false);
      fromOldFile.child.kill('SIGTERM');
      expect(await fromOldFile.exited).toEqual({ code: 0, signal: null });
    },
  );

  itWithoutPostgres('DATABASE_URL names the database when --db is absent', async () => {
    const dir = tempDir();
    const db = join(dir, 'from-env.sqlite');
    const cli = spawnProvider(['start', '--port', '0'], { cwd: dir, env: { DATABASE_URL: db } });
    await listeningUrl(cli);
    expect(cli.stdout()).toContain(`(sqlite ${db}, development mode)`);
    expect(existsSync(db)).toBe(true);
    expect(existsSync(join(dir, '.data'))).toBe(false);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  itWithoutPostgres(
    'latchkey.config.example.json is a valid configuration that spells out exactly the defaults',
    () => {
      const example = fileURLToPath(new URL('../latchkey.config.example.json', import.meta.url));
      expect(loadConfigFile(example, { required: true })).toEqual(parseConfig({}));
    },
  );

  itWithoutPostgres('a port already in use is reported in one line with exit code 1', async () => {
    const dir = tempDir();
    const first = spawnProvider(['start', '--port', '0', '--db', join(dir, 'a.sqlite')], { cwd: dir });
    const port = new URL(await listeningUrl(first)).port;
    const second = spawnProvider(['start', '--port', port, '--db', join(dir, 'b.sqlite')], { cwd: dir });
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.stderr()).toBe(
      `latchkey-provider: Port ${port} on 127.0.0.1 is already in use; pick another with --port.\n`,
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
  });
});
