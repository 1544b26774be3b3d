import { build } from 'esbuild';
import { browserModuleOptions } from './browser.build.mjs';
const result = await build({ ...browserModuleOptions('/tmp/wallets-bm/latchkey.js'), metafile: true, sourcemap: false });
const outs = Object.entries(result.metafile.outputs);
for (const [i, { bytesInOutput }] of Object.entries(outs[0][1].inputs)) if (!i.startsWith('..') && !i.includes('node_modules')) console.log(bytesInOutput, i);
