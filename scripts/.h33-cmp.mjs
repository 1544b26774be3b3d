import { build } from 'esbuild';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_BUILD, KIT_EXTERNALS, gzipSize, root } from './bench/measure.mjs';
import { resolve } from 'node:path';
const base = process.argv[2];
const dir = mkdtempSync(join(tmpdir(), 'h33cmp-'));
writeFileSync(join(dir, 'entry.js'), `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SignIn, preloadSignIn } from '@latchkey/ui-default';
const config = {"products":["emailMagicLinks"]};
export function render(element) { createRoot(element).render(createElement(SignIn, { config })); }
export function preload() { return preloadSignIn(config); }
`);
const plugins = base ? [{ name: 'base', setup(b) {
  b.onResolve({ filter: /^@latchkey\/(sdk|hooks|ui-unstyled|ui-default)(\/.*)?$/ }, async (args) => {
    if (args.pluginData === 'x') return;
    const r = await b.resolve(args.path, { kind: args.kind, resolveDir: '/tmp/h33/basenm', pluginData: 'x' });
    return r;
  });
} }] : [];
const res = await build({ ...PAGE_BUILD, entryPoints: [join(dir, 'entry.js')], outdir: join(dir, 'out'), external: KIT_EXTERNALS, metafile: true, plugins });
const outs = res.metafile.outputs;
const key = (f) => Object.keys(outs).find((k) => k.endsWith(f));
const entry = Object.keys(outs).find((k) => outs[k].entryPoint && outs[k].entryPoint.endsWith('entry.js'));
const seen = new Set(); const todo = [entry];
while (todo.length) { const f = todo.pop(); if (seen.has(f)) continue; seen.add(f); for (const i of outs[f].imports) if (i.kind === 'import-statement' && !i.external) todo.push(i.path); }
let min = 0, gz = 0; const inputs = [];
for (const f of seen) { const b = readFileSync(resolve(root, f)); min += b.length; gz += gzipSize(b); console.log(`CHUNK ${Object.keys(outs[f].inputs).length} inputs min ${b.length} gzip ${gzipSize(b)} first ${Object.keys(outs[f].inputs)[0].replace(/.*packages\//, "")}`); for (const [i, v] of Object.entries(outs[f].inputs)) if (v.bytesInOutput) inputs.push(`${i.replace(/.*packages\//, '')} ${v.bytesInOutput} @${Object.keys(outs[f].inputs).length}`); }
console.log(`first load: ${seen.size} chunks, min ${min}, gzip ${gz}`);
if (process.argv[3]) console.log(inputs.sort().join('\n'));
rmSync(dir, { recursive: true, force: true });
