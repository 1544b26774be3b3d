#!/usr/bin/env node
// Runs the provider's TypeScript source directly: tsx compiles it on load, so there is no build step.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const cli = await tsImport('../src/cli.ts', {
  parentURL: import.meta.url,
  // The provider's own tsconfig, whatever directory the command runs from.
  tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
});
const code = await cli.main(process.argv.slice(2));
// `null`: the server is running and exits on SIGINT/SIGTERM.
if (code !== null) process.exit(code);
