// The Vite (vitest) plugin of the sample's kits: serves the fixture registries (./registries.ts) in place of the
// SDK's, the hooks' and ui-unstyled's. The `kits-sample` project adds the provider's plugin too.
import type { Plugin } from 'vite';
import { REGISTRY_IMPORT, swappedRegistry } from './registries.ts';

/** The Vite plugin of a build whose SDK, hooks and kits know the sample product as well as the real ones. */
export function sampleKitRegistries(): Plugin {
  return {
    name: 'latchkey-sample-kit-registries',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !REGISTRY_IMPORT.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? swappedRegistry(resolved.id, importer) : null;
    },
  };
}
