// `npm run bench`: measures what Latchkey costs and records it in BENCHMARKS.md.
// Bundle sizes are measured with esbuild from the BUILT packages (run after `npm run build`), minified and
// gzipped at level 9, React excluded. Provider throughput is measured by apps/provider/bench/throughput.ts
// over HTTP on loopback. Each section of BENCHMARKS.md is replaced in place between its markers,
// so other benchmarks can add their own sections.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function gzipSize(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** Bundles `source` (an ES module importing the built packages) with code splitting; returns chunk sizes. */
async function measure(name, source) {
  const dir = mkdtempSync(join(tmpdir(), `latchkey-bench-${name}-`));
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, source);
  const out = join(dir, 'out');
  await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    outdir: out,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    nodePaths: [join(root, 'node_modules')],
    absWorkingDir: root,
    logLevel: 'error',
  });
  const files = readdirSync(out).filter((f) => f.endsWith('.js'));
  const first = readFileSync(join(out, 'entry.js'));
  // The entry chunk plus the chunks it imports statically make the first load.
  const staticImports = [...first.toString().matchAll(/import\s*(?:[\w{},*\s$]+from\s*)?["']\.\/([^"']+)["']/g)].map(
    (m) => m[1],
  );
  let firstLoad = gzipSize(first);
  let firstLoadMin = first.length;
  for (const chunk of new Set(staticImports)) {
    const bytes = readFileSync(join(out, chunk));
    firstLoad += gzipSize(bytes);
    firstLoadMin += bytes.length;
  }
  let total = 0;
  let totalMin = 0;
  for (const file of files) {
    const bytes = readFileSync(join(out, file));
    total += gzipSize(bytes);
    totalMin += bytes.length;
  }
  return { name, firstLoad, firstLoadMin, total, totalMin, chunks: files.length };
}

function replaceSection(markdown, id, body) {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  return pattern.test(markdown) ? markdown.replace(pattern, block) : `${markdown.trimEnd()}\n\n${block}\n`;
}

const sdkDist = join(root, 'packages/sdk/dist/index.js');
if (!existsSync(sdkDist)) {
  console.error('packages/sdk/dist is missing: run `npm run build` first (npm run bench does).');
  process.exit(1);
}

const rows = [
  await measure(
    'sdk-core',
    `import { createClient } from '@latchkey/sdk';\nwindow.client = createClient('public-token-test-x', {});\n`,
  ),
  await measure('sdk-all', `export * from '@latchkey/sdk';\n`),
];
const [core] = rows;
const webauthnChunk = core.total - core.firstLoad;

const table = [
  '## @latchkey/sdk bundle size',
  '',
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} with esbuild (minified, ESM, code splitting) from`,
  'the built package, gzip level 9. The first load is the entry chunk and the chunks it imports statically; the',
  'WebAuthn part (`@simplewebauthn/browser`) is a separate chunk fetched only when a passkey method is called.',
  '',
  '| bundle | first load (min) | first load (gzip) | with on-demand WebAuthn (min) | with on-demand WebAuthn (gzip) | chunks |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name === 'sdk-core' ? '`createClient` (core)' : 'every export'} | ${kb(r.firstLoadMin)} | ${kb(r.firstLoad)} | ${kb(r.totalMin)} | ${kb(r.total)} | ${r.chunks} |`,
  ),
  '',
  `The on-demand WebAuthn chunk adds ${kb(webauthnChunk)} gzipped to the core.`,
].join('\n');

const file = join(root, 'BENCHMARKS.md');
const header =
  '# Benchmarks\n\nWritten by `npm run bench`; do not edit by hand. Sizes and throughput never gate tests: they are recorded here.\n';
const current = existsSync(file) ? readFileSync(file, 'utf8') : header;
writeFileSync(file, replaceSection(current, 'sdk-bundle', table));
console.log(table);

// The provider bench prints its Markdown section on stdout and its progress on stderr; any non-2xx answer fails it.
const throughput = spawnSync(process.execPath, ['--import', 'tsx', 'apps/provider/bench/throughput.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (throughput.status !== 0) {
  console.error(`The provider throughput bench failed (exit ${throughput.status ?? throughput.signal}).`);
  process.exit(1);
}
writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), 'provider-throughput', throughput.stdout));
console.log(`\n${throughput.stdout.trim()}`);
