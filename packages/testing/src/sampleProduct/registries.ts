// Adds the sample product to the SDK, the hooks and the kits "through the registries alone" (issue 27's proof): each
// package's registry module, resolved to the fixture's, which lists the real products plus the sample. The packages'
// modules import their registry by relative paths, so the plugins compare resolved files, not import strings; the
// fixture registries themselves still get the real ones they extend. No core file is edited and no module is mocked.
// (The provider's half is the provider's own plugin: apps/provider/testing/sampleProduct/vitePlugin.ts.)
import { fileURLToPath } from 'node:url';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** Each real registry's file, and the fixture module served in its place. */
export const SAMPLE_KIT_REGISTRIES: ReadonlyMap<string, string> = new Map([
  [path('../../../sdk/src/products/registry.ts'), path('./sdk/registry.ts')],
  [path('../../../hooks/src/products/registry.ts'), path('./hooks/registry.ts')],
  [path('../../../ui-unstyled/src/products/registry.ts'), path('./kit/registry.ts')],
]);

/** The fixture registry to serve for `resolved` (a file), imported by `importer`, or null to keep it. */
export function swappedRegistry(resolved: string, importer: string | undefined): string | null {
  const fixture = SAMPLE_KIT_REGISTRIES.get(resolved.split('?')[0] ?? '');
  // A fixture registry imports the real one it extends.
  if (!fixture || (importer !== undefined && importer.split('?')[0] === fixture)) return null;
  return fixture;
}

/** Import strings that may name a registry (cheap filter before resolving). */
export const REGISTRY_IMPORT = /(^|\/)registry(\.ts)?$/;
