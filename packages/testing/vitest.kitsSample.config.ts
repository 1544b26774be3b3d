import { mergeConfig } from 'vitest/config';
import { sampleProductRegistries } from '../../apps/provider/testing/sampleProduct/vitePlugin.ts';
import { sampleKitRegistries } from './src/sampleProduct/vitePlugin.ts';
import { reactProject } from './src/vitestProject.ts';

// The sample product of issue 27's proof in the kits (src/sampleProduct/): the real <SignIn> of ui-unstyled and
// ui-default, with the SDK's, the hooks' and the kit's registries swapped for the fixture's (and the provider's two,
// for the in-process provider), signing in with a security answer. Its own project, so no other sees the sample.
const project = reactProject('kits-sample');
export default mergeConfig(project, {
  plugins: [sampleProductRegistries(), sampleKitRegistries()],
  test: {
    // kitsSample.test.tsx (jsdom) and browser/sampleProduct.browser.test.ts (node, real Chromium).
    include: ['src/sampleProduct/**/*.test.tsx', 'src/sampleProduct/**/*.test.ts'],
  },
});
