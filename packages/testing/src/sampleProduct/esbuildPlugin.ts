// The esbuild plugin of the sample's browser page (the browser test builds it): the same swap as vitePlugin.ts.
import type { Plugin } from 'esbuild';
import { REGISTRY_IMPORT, swappedRegistry } from './registries';

const SKIP = Symbol.for('latchkey-sample-kit-registries');

/** The esbuild plugin of a page whose SDK, hooks and kits know the sample product as well as the real ones. */
export function sampleKitRegistriesEsbuild(): Plugin {
  return {
    name: 'latchkey-sample-kit-registries',
    setup(build) {
      build.onResolve({ filter: REGISTRY_IMPORT }, async (args) => {
        if (args.pluginData === SKIP) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SKIP,
        });
        if (resolved.errors.length > 0) return undefined;
        const fixture = swappedRegistry(resolved.path, args.importer);
        return fixture ? { path: fixture } : undefined;
      });
    },
  };
}
