// Keeps a native module that npm had to compile where its installer looks before compiling again.
//
// better-sqlite3's install script (`prebuild-install || node-gyp rebuild`) downloads a prebuilt binary from GitHub,
// and compiles SQLite from source when it cannot (no access to GitHub, a platform with no prebuilt binary): one to
// two minutes of one core, in every fresh clone and after every wiped node_modules. Before downloading,
// prebuild-install looks in npm's cache
// (`<cache>/_prebuilds/<digest>-<name>-v<version>-node-v<abi>-<platform>-<arch>.tar.gz`).
// keepCompiledBinary puts the binary compiled here into that cache, packed as prebuild-install unpacks it, so the
// next install on this machine takes it from there (prebuild-install loads it once before using it, and compiles
// again if that fails). Dependency-free like ensure-install.mjs; prebuild-install's own code names the cache file,
// so the name is always the one it will look for.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BINARY = 'build/Release/better_sqlite3.node';

/**
 * A gzipped tar archive (POSIX ustar) holding one file, `name`, with `data` as its content: the layout of a
 * prebuild-install tarball.
 */
export function tarGzOfOneFile(name, data, mode = 0o755) {
  const header = Buffer.alloc(512);
  const field = (offset, length, value) => header.write(value, offset, length, 'utf8');
  const octal = (value, length) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  field(0, 100, name);
  field(100, 8, octal(mode, 8));
  field(108, 8, octal(0, 8));
  field(116, 8, octal(0, 8));
  field(124, 12, octal(data.length, 12));
  field(136, 12, octal(Math.floor(Date.now() / 1000), 12));
  field(148, 8, ' '.repeat(8));
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  const padding = Buffer.alloc((512 - (data.length % 512)) % 512);
  return gzipSync(Buffer.concat([header, data, padding, Buffer.alloc(1024)]));
}

/**
 * The file prebuild-install looks for in npm's cache for the module in `moduleDir`, computed by prebuild-install's
 * own code (run in a child process: it reads its configuration from the environment and the command line);
 * undefined when it cannot be found.
 */
function cachedPrebuildPath(moduleDir, env = process.env) {
  const script = `
    const pkg = require('./package.json');
    const rc = require('prebuild-install/rc')(pkg);
    const util = require('prebuild-install/util');
    process.stdout.write(util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg })));
  `;
  try {
    // prebuild-install resolved as better-sqlite3 resolves it.
    createRequire(join(moduleDir, 'package.json')).resolve('prebuild-install/util');
    return execFileSync(process.execPath, ['-e', script], { cwd: moduleDir, env, encoding: 'utf8' }) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * When better-sqlite3 in `modules` was compiled here (node-gyp's object files beside the binary: a prebuilt one
 * comes alone) and npm's cache holds no prebuilt binary for it, packs the binary into that cache. Answers the file
 * written, or undefined when there was nothing to do or it could not be done (the next install then compiles again).
 */
export function keepCompiledBinary(modules, env = process.env) {
  const moduleDir = join(modules, 'better-sqlite3');
  const binary = join(moduleDir, BINARY);
  if (!existsSync(binary) || !existsSync(join(dirname(binary), 'obj.target'))) return undefined;
  // npm hands its cache folder to install scripts as npm_config_cache; outside npm, ask it.
  let cache = env.npm_config_cache;
  try {
    cache ??= execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', env }).trim();
  } catch {}
  const cached = cachedPrebuildPath(moduleDir, cache ? { ...env, npm_config_cache: cache } : env);
  if (cached === undefined || existsSync(cached)) return undefined;
  try {
    mkdirSync(dirname(cached), { recursive: true });
    // Written whole under another name, then renamed: an install running at the same time never reads half of it.
    const partial = `${cached}.${process.pid}.partial`;
    writeFileSync(partial, tarGzOfOneFile(BINARY, readFileSync(binary)));
    renameSync(partial, cached);
    return cached;
  } catch {
    return undefined;
  }
}
