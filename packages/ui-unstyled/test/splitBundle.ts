// This package's split bundle (`@latchkey/testing/split-bundle`) of a page importing `names` from its index, for the
// chunk tests (registrationChunk.test.ts, products/idp/chunk.test.ts, chunkRuntime.test.ts). Input paths: `src/…`.
import { fileURLToPath } from 'node:url';
import { splitBundle as bundle, type SplitBundle } from '@latchkey/testing/split-bundle';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const INDEX = fileURLToPath(new URL('../src/index.ts', import.meta.url));

export function splitBundle(names: string[]): Promise<SplitBundle> {
  return bundle(INDEX, names, PACKAGE);
}
