// Adds the sample product to the provider "through the registries alone" (issue 27's proof): a Vite plugin that
// resolves the provider's two registries, src/products/registry.ts (routes) and src/products/descriptors.ts
// (descriptors), to the fixture's (./registry.ts, ./descriptors.ts), which list the real products and the sample.
// The core's modules import the registries by relative paths, so the plugin compares resolved files, not import
// strings; the fixture registries themselves still get the real ones. No core file and no module mock is involved.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** Each real registry's file, and the fixture module served in its place. */
export const SAMPLE_REGISTRIES: ReadonlyMap<string, string> = new Map([
  [path('../../src/products/registry.ts'), path('./registry.ts')],
  [path('../../src/products/descriptors.ts'), path('./descriptors.ts')],
]);

const REGISTRY_IMPORT = /(^|\/)(registry|descriptors)(\.ts)?$/;

/** The Vite plugin of a test project whose provider serves the sample product as well as the real ones. */
export function sampleProductRegistries(): Plugin {
  return {
    name: 'latchkey-sample-product-registries',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !REGISTRY_IMPORT.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const fixture = resolved && SAMPLE_REGISTRIES.get(resolved.id.split('?')[0] ?? '');
      // A fixture registry imports the real one it extends.
      if (!fixture || importer.split('?')[0] === fixture) return null;
      return fixture;
    },
  };
}
