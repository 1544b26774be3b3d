// The `browser-module` section of `npm run bench` (issue 12, "A page without React or a bundler"): the size of
// @latchkey/ui-default's browser module, packages/ui-default/dist/browser/latchkey.js, the one file a plain HTML
// page loads with `<script type="module">` (React, react-dom and every dependency bundled in; no code splitting).
// The figures are those of the BUILT file, gzip -9 (and brotli, as CDNs also serve it), kB of 1,000 B. What weighs
// what comes from rebuilding it with the package's own esbuild options (packages/ui-default/browser.build.mjs) and a
// metafile; the rebuild must match the built file byte for byte, so a stale build is reported, not measured.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { BROWSER_MODULE, browserModuleOptions, PACKAGE_DIRECTORY } from '../../packages/ui-default/browser.build.mjs';
import { byPackage, gzipSize, root } from './measure.mjs';

/** kB of 1,000 B. */
const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;

function brotliSize(bytes) {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** React and react-dom alone, bundled the same way (production, minified, one file): the floor of any such module. */
async function reactAlone(dir) {
  const entry = join(dir, 'react-only.js');
  writeFileSync(entry, `export { createElement } from 'react';\nexport { createRoot } from 'react-dom/client';\n`);
  const outfile = join(dir, 'react-only.out.js');
  await build({
    ...browserModuleOptions(outfile),
    entryPoints: [entry],
    sourcemap: false,
    nodePaths: [join(root, 'node_modules')],
  });
  return readFileSync(outfile);
}

export async function browserModuleSection({ requireBuilt }) {
  requireBuilt('sdk', 'hooks', 'ui-unstyled', 'ui-default');
  const file = join(PACKAGE_DIRECTORY, BROWSER_MODULE);
  let built;
  try {
    built = readFileSync(file);
  } catch {
    throw new Error(`${relative(root, file)} is missing: run \`npm run build\` first (npm run bench does).`);
  }

  const dir = mkdtempSync(join(tmpdir(), 'latchkey-bench-browser-module-'));
  try {
    // Same file name, so the source-map comment at its end is the same too.
    const outfile = join(dir, 'latchkey.js');
    const result = await build({ ...browserModuleOptions(outfile), metafile: true });
    const rebuilt = readFileSync(outfile);
    if (!rebuilt.equals(built)) {
      throw new Error(`${relative(root, file)} is not what its build makes now: run \`npm run build\` first.`);
    }
    const outputs = Object.entries(result.metafile.outputs).filter(([output]) => output.endsWith('.js'));
    if (outputs.length !== 1) throw new Error(`the browser module was built into ${outputs.length} files, not one`);
    const [, meta] = outputs[0];
    const imports = meta.imports.map((item) => `${item.kind} ${item.path}`);
    const inputs = Object.entries(meta.inputs)
      .map(([input, { bytesInOutput }]) => [
        relative(root, resolve(PACKAGE_DIRECTORY, input)).split(sep).join('/'),
        bytesInOutput,
      ])
      .filter(([, bytes]) => bytes > 0);
    const packages = byPackage(inputs);
    const inputBytes = inputs.reduce((sum, [, bytes]) => sum + bytes, 0);
    const react = await reactAlone(dir);

    const gzip = gzipSize(built);
    const reactGzip = gzipSize(react);
    const date = new Date().toISOString().slice(0, 10);
    const isSmall = ([, bytes]) => bytes < inputBytes / 100;
    const small = packages.filter(isSmall);
    const lines = [
      '## @latchkey/ui-default browser module',
      '',
      `Measured by \`npm run bench\` (\`node scripts/bench.mjs browser-module\`) on ${date}: \`${BROWSER_MODULE}\` of`,
      '`@latchkey/ui-default` (`@latchkey/ui-default/browser`), the one file a page without React or a bundler loads',
      'with `<script type="module">` (examples/plain-html). esbuild from the built packages, minified ESM, no code',
      'splitting: React and react-dom (production), the SDK, hooks, both kits with every product, sonner,',
      'libphonenumber-js, @simplewebauthn/browser and the stylesheet are all in it, so nothing else is ever fetched.',
      'gzip -9 and brotli (quality 11) of the whole file, **1 kB = 1,000 B**.',
      '',
      '| file | min | gzip | brotli | files fetched | imports |',
      '|---|---:|---:|---:|---:|---|',
      `| \`${BROWSER_MODULE}\` | ${kB(built.length)} | ${kB(gzip)} | ${kB(brotliSize(built))} | 1 | ${imports.length === 0 ? 'none ✓' : `**${imports.join(', ')}** ✗`} |`,
      `| React + react-dom alone, built the same way | ${kB(react.length)} | ${kB(reactGzip)} | ${kB(brotliSize(react))} | | |`,
      '',
      `Latchkey adds ${kB(gzip - reactGzip)} gzipped to React's ${kB(reactGzip)}. A page that bundles the kit itself`,
      'fetches only the chunks its configuration shows, as they are needed (the real sign-in page above); this file',
      'trades that for one request, every product at once and no build step.',
      '',
      'What weighs what (minified bytes per input from the esbuild metafile; gzip does not split by input):',
      '',
      '| package | min | share |',
      '|---|---:|---:|',
      ...packages
        .filter((row) => !isSmall(row))
        .map(([name, bytes]) => `| ${name} | ${kB(bytes)} | ${percent(bytes, inputBytes)} |`),
    ];
    if (small.length > 0) {
      const bytes = small.reduce((sum, [, size]) => sum + size, 0);
      lines.push(
        `| ${small.length} smaller (${small.map(([name]) => name).join(', ')}) | ${kB(bytes)} | ${percent(bytes, inputBytes)} |`,
      );
    }
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
