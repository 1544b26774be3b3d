import { defineProject } from 'vitest/config';
import { sampleProductRegistries } from './testing/sampleProduct/vitePlugin.ts';

// The provider with the sample product (testing/sampleProduct/) added through its two registries alone: the plugin
// serves the fixture registries in place of src/products/registry.ts and src/products/descriptors.ts. Its own
// project, so the `provider` project never sees the sample. The generic checks of the descriptors run here too.
export default defineProject({
  plugins: [sampleProductRegistries()],
  ssr: { resolve: { conditions: ['latchkey-source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'provider-sample',
    include: ['testing/sampleProduct/**/*.test.ts', 'src/products/descriptors.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
