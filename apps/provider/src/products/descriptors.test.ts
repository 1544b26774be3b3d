// The products' descriptors (products/descriptors.ts) and their routes (products/registry.ts) list the same products.
import { describe, expect, it } from 'vitest';
import { PRODUCT_DESCRIPTORS } from './descriptors';
import { PROVIDER_PRODUCTS } from './registry';

describe('product descriptors', () => {
  it('one descriptor per product of the registry, and no other', () => {
    const keys = PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(PROVIDER_PRODUCTS.map((product) => product.key).sort());
  });

  it('each purge rule names a table no other rule names', () => {
    const tables = PRODUCT_DESCRIPTORS.flatMap((descriptor) => (descriptor.purge ?? []).map((rule) => rule.table));
    expect(new Set(tables).size).toBe(tables.length);
  });
});
