// The sample in the kit (ui-unstyled's product kit registry, through ./registry.ts): its chunk, and Main's block from
// it. Type-only imports of the kit's package: this module is in the first load, and the package's index imports the
// registry (a run-time import of it here would be an import cycle).

import type { ProductDefinition } from '@latchkey/hooks';
import type { ProductKit } from '@latchkey/ui-unstyled';
import { securityQuestionProduct } from '../hooks/product';

type Chunk = typeof import('./chunk');

let loading: Promise<Chunk> | null = null;
/** Downloads the chunk once (forgotten if it fails, so a failed download is retried), as `loadOnce` does. */
function load(): Promise<Chunk> {
  const pending =
    loading ??
    import('./chunk').catch((error: unknown) => {
      loading = null;
      throw error;
    });
  loading = pending;
  return pending;
}

/** The sample's kit descriptor: no email form, no tab; Main's block leads to its screen. */
export const securityQuestionKit: ProductKit<Chunk> = {
  product: securityQuestionProduct as ProductDefinition,
  load,
  mainBlock: (chunk) => chunk.SecurityQuestionLoginBlock,
};
