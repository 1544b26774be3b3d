// Small helpers the products' descriptors share (products/descriptor.ts has the shape).

/** How many rows a Kysely write changed (delete, update). */
export const changed = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }): number =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n);
