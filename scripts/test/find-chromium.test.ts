import { describe, expect, it } from 'vitest';
import { findChromium } from '../find-chromium.mjs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

import { withoutProject } from '../vitest-args.mjs';

/** A machine where exactly `files` are executable. */
function machine(files: string[]) {
  const set = new Set(files);
  return (path: string) => set.has(path);
}

describe('findChromium', () => {
  it('takes LATCHKEY_CHROMIUM first, then CHROME_PATH, over every browser on the machine', () => {
    const isExecutable = machine(['/opt/my/chrome', '/other/chrome', DEBIAN_CHROMIUM, '/usr/local/bin/chromium']);
    const env = { LATCHKEY_CHROMIUM: '/opt/my/chrome', CHROME_PATH: '/other/chrome', PATH: '/usr/local/bin' };
    expect(findChromium({ env, platform: 'linux', isExecutable })).toEqual({
      path: '/opt/my/chrome',
      source: 'LATCHKEY_CHROMIUM',
    });
    expect(findChromium({ env: { ...env, LATCHKEY_CHROMIUM: '' }, platform: 'linux', isExecutable })).toEqual({
      path: '/other/chrome',
      source: 'CHROME_PATH',
    });
  });

  it('reports a named browser that is not there instead of picking another one', () => {
    const isExecutable = machine([DEBIAN_CHROMIUM]);
    expect(findChromium({ env: { LATCHKEY_CHROMIUM: '/nope/chrome' }, platform: 'linux', isExecutable })).toEqual({
      path: null,
      error: 'LATCHKEY_CHROMIUM=/nope/chrome is not an executable file',
      named: 'LATCHKEY_CHROMIUM',
    });
  });

  it("finds Debian's /usr/bin/chromium on PATH, and otherwise the first browser on PATH in PATH order", () => {
    expect(
      findChromium({
        env: { PATH: '/usr/local/bin:/usr/bin' },
        platform: 'linux',
        isExecutable: machine([DEBIAN_CHROMIUM]),
      }),
    ).toEqual({ path: DEBIAN_CHROMIUM, source: 'PATH' });
    // Not on PATH (a PATH without /usr/bin): not found there.
    expect(
      findChromium({ env: { PATH: '/usr/local/bin' }, platform: 'linux', isExecutable: machine([DEBIAN_CHROMIUM]) })
        .path,
    ).toBeNull();
    const isExecutable = machine(['/home/me/bin/google-chrome', '/usr/local/bin/google-chrome']);
    expect(
      findChromium({ env: { PATH: '/empty:/home/me/bin:/usr/local/bin' }, platform: 'linux', isExecutable }),
    ).toEqual({ path: '/home/me/bin/google-chrome', source: 'PATH' });
  });

  it('finds Google Chrome in /Applications on macOS when it is not on PATH', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(
      findChromium({ env: { PATH: '/usr/bin:/bin' }, platform: 'darwin', isExecutable: machine([chrome]) }),
    ).toEqual({ path: chrome, source: 'usual location' });
  });

  it('finds chrome.exe on a Windows PATH', () => {
    const isExecutable = machine(['C:\\Chrome\\chrome.exe']);
    expect(findChromium({ env: { PATH: 'C:\\Windows;C:\\Chrome' }, platform: 'win32', isExecutable }).path).toBe(
      'C:\\Chrome\\chrome.exe',
    );
  });

  it('answers with an error, and no path, on a machine without any browser', () => {
    expect(findChromium({ env: { PATH: '/usr/bin:/bin' }, platform: 'linux', isExecutable: machine([]) })).toEqual({
      path: null,
      error: 'no Chrome or Chromium found (on PATH, in the usual places, or in LATCHKEY_CHROMIUM)',
    });
  });
});

describe('withoutProject (npm test without a browser)', () => {
  it('adds --project !e2e to a run without project filters, keeping file filters', () => {
    expect(withoutProject([], 'e2e')).toEqual(['--project', '!e2e']);
    expect(withoutProject(['packages/sdk'], 'e2e')).toEqual(['packages/sdk', '--project', '!e2e']);
  });

  it('drops e2e from explicit project filters, and answers null when e2e was the only one', () => {
    expect(withoutProject(['--project', 'sdk', '--project=e2e'], 'e2e')).toEqual(['--project', 'sdk']);
    expect(withoutProject(['--project', 'e2e', 'apps/playground/e2e/shell.e2e.ts'], 'e2e')).toBeNull();
  });
});
