// The products' descriptors (products/descriptors.ts) and their routes (products/registry.ts) list the same products.
import { describe, expect, it } from 'vitest';
import { CORE_ERRORS, ERROR_CATALOGUE } from '../http/errors';
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

  it('each error type is declared once, by the core or one product, and the catalogue holds them all', () => {
    const declared = [
      ...Object.keys(CORE_ERRORS),
      ...PRODUCT_DESCRIPTORS.flatMap((descriptor) => Object.keys(descriptor.errors ?? {})),
    ];
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...declared].sort());
    for (const descriptor of PRODUCT_DESCRIPTORS) {
      for (const [type, entry] of Object.entries(descriptor.errors ?? {})) {
        expect(ERROR_CATALOGUE[type as keyof typeof ERROR_CATALOGUE], type).toBe(entry);
      }
    }
  });
});
