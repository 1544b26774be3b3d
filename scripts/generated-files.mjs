// What the scripts that write checked-in lists share (generate-sdk-barrels.mjs, generate-product-barrels.mjs,
// generate-kit-lists.mjs): run as a command, each writes the files that differ from what it generates, or with
// `--check` names them and exits 1 (their tests compare the same `{ path, current, expected }` lists).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A checked-in file's text, or '' when it does not exist yet.
 * @param {string} root
 * @param {string} path relative to root
 */
export function currentText(root, path) {
  return existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : '';
}

/**
 * The command line of a generator: rewrites each stale file under `root`, or with `--check` names each one (and how
 * to fix it) on stderr and sets the exit code to 1.
 * @param {{ path: string, current: string, expected: string }[]} files
 * @param {{ root: string, fixCommand: string, args?: string[] }} options
 */
export function writeOrCheck(files, { root, fixCommand, args = process.argv }) {
  const check = args.includes('--check');
  let stale = 0;
  for (const { path, current, expected } of files) {
    if (current === expected) continue;
    stale += 1;
    if (check) console.error(`${path} differs from what ${fixCommand} writes: run it`);
    else {
      writeFileSync(join(root, path), expected);
      console.log(`${path}: rewritten`);
    }
  }
  if (check && stale > 0) process.exitCode = 1;
}
