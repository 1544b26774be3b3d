// scripts/keep-native-build.mjs: a better-sqlite3 compiled by one install is kept in npm's cache, and the next
// install's prebuild-install (the real one, run offline on a scratch copy of the module) takes it from there
// instead of compiling SQLite again.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { keepCompiledBinary, tarGzOfOneFile } from '../keep-native-build.mjs';

const repoModules = fileURLToPath(new URL('../../node_modules', import.meta.url));
const realModule = join(repoModules, 'better-sqlite3');
const realBinary = join(realModule, 'build/Release/better_sqlite3.node');
const version = JSON.parse(readFileSync(join(realModule, 'package.json'), 'utf8')).version as string;
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/**
 * A node_modules with a copy of better-sqlite3's package.json (its dependencies resolved from the repository's
 * node_modules), and its binary as node-gyp leaves it (`compiled`: with its object files) or as a prebuilt one comes.
 */
function scratchModules(binary: 'compiled' | 'prebuilt' | 'none'): string {
  const modules = join(tempDir('latchkey-native-'), 'node_modules');
  const module = join(modules, 'better-sqlite3');
  mkdirSync(module, { recursive: true });
  copyFileSync(join(realModule, 'package.json'), join(module, 'package.json'));
  symlinkSync(repoModules, join(module, 'node_modules'));
  if (binary !== 'none') {
    mkdirSync(join(module, 'build/Release'), { recursive: true });
    copyFileSync(realBinary, join(module, 'build/Release/better_sqlite3.node'));
    if (binary === 'compiled') mkdirSync(join(module, 'build/Release/obj.target'));
  }
  return modules;
}

describe('keep-native-build', () => {
  test('packs one file as a tar.gz that tar reads back byte for byte, executable', () => {
    const data = Buffer.from('not really a shared object, 600 bytes long '.repeat(14));
    const dir = tempDir('latchkey-tar-');
    const archive = join(dir, 'one.tar.gz');
    writeFileSync(archive, tarGzOfOneFile('build/Release/x.node', data));
    const listed = spawnSync('tar', ['-tvzf', archive], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^-rwxr-xr-x .* 602 .* build\/Release\/x\.node\n$/);
    const out = join(dir, 'out');
    mkdirSync(out);
    expect(spawnSync('tar', ['-xzf', archive, '-C', out]).status).toBe(0);
    expect(readFileSync(join(out, 'build/Release/x.node')).equals(data)).toBe(true);
  });

  test('keeps a compiled binary in npm’s cache once, and the next install’s prebuild-install unpacks it', () => {
    const cache = tempDir('latchkey-npm-cache-');
    const env = { ...process.env, npm_config_cache: cache };
    const kept = keepCompiledBinary(scratchModules('compiled'), env);
    expect(kept).toMatch(
      new RegExp(
        `^${cache}/_prebuilds/[0-9a-f]{6}-better-sqlite3-v${version.replaceAll('.', '\\.')}-node-v${process.versions.modules}-${process.platform}-${process.arch}\\.tar\\.gz$`,
      ),
    );
    expect(readdirSync(join(cache, '_prebuilds'))).toHaveLength(1);
    // Kept already: nothing written again.
    expect(keepCompiledBinary(scratchModules('compiled'), env)).toBeUndefined();

    // A fresh install of the module, offline: prebuild-install finds the kept binary and loads it.
    const fresh = join(scratchModules('none'), 'better-sqlite3');
    const install = spawnSync(process.execPath, [join(repoModules, 'prebuild-install/bin.js'), '--verbose'], {
      cwd: fresh,
      env: { ...env, https_proxy: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9' },
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).toContain(`found cached prebuild`);
    expect(install.stderr).toContain('required');
    const unpacked = join(fresh, 'build/Release/better_sqlite3.node');
    expect(readFileSync(unpacked).equals(readFileSync(realBinary))).toBe(true);
    expect(statSync(unpacked).mode & 0o111).not.toBe(0);
  });

  test('keeps nothing when the binary came prebuilt or is missing', () => {
    const cache = tempDir('latchkey-npm-cache-');
    const env = { ...process.env, npm_config_cache: cache };
    expect(keepCompiledBinary(scratchModules('prebuilt'), env)).toBeUndefined();
    expect(keepCompiledBinary(scratchModules('none'), env)).toBeUndefined();
    expect(existsSync(join(cache, '_prebuilds'))).toBe(false);
  });
});
