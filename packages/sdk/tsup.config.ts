import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.config.base';

// `@latchkey/sdk/idp` (the identity-provider pages' query helpers) is an entry of its own, not re-exported by the
// index: a sign-in page's bundle reaches index.js, and an app bundler (esbuild) places every index.js re-export that
// any lazy chunk uses in the chunk shared with the first load, so these would weigh on every sign-in page.
export default defineConfig(
  packageBuild({
    index: 'src/index.ts',
    contract: 'src/contract/index.ts',
    idp: 'src/products/idpParams.ts',
  }),
);
