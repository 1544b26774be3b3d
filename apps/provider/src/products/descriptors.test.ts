// The products' descriptors (products/descriptors.ts) and their routes (products/registry.ts) list the same products.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../config';
import { CORE_ERRORS, ERROR_CATALOGUE } from '../http/errors';
import { PRODUCT_DESCRIPTORS, USER_ANSWER_COLUMNS, USER_ANSWER_PARTS } from './descriptors';
import { PROVIDER_PRODUCTS } from './registry';

describe('product descriptors', () => {
  it('one descriptor per product of the registry, and no other', () => {
    const keys = PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(PROVIDER_PRODUCTS.map((product) => product.key).sort());
  });

  it("every product's part of the user answer is built, once, and its columns' aliases are unique", () => {
    // USER_ANSWER_PARTS lists the parts in the contract's field order: a part missing from it would never be filled.
    for (const descriptor of PRODUCT_DESCRIPTORS) {
      if (descriptor.userAnswer) {
        expect(
          USER_ANSWER_PARTS.filter((part) => part === descriptor.userAnswer),
          descriptor.key,
        ).toHaveLength(1);
      }
    }
    expect(new Set(USER_ANSWER_COLUMNS).size).toBe(USER_ANSWER_COLUMNS.length);
    expect(USER_ANSWER_COLUMNS).not.toContain('email_rows');
    expect(USER_ANSWER_COLUMNS).not.toContain('phone_rows');
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

  it('each section of project and entry of rateLimits is declared by one product, and the configuration merges it', () => {
    const project = configSchema.shape.project.unwrap().shape as Record<string, unknown>;
    const rateLimits = configSchema.shape.rateLimits.unwrap().shape as Record<string, unknown>;
    for (const [part, merged] of [
      ['project', project],
      ['rateLimits', rateLimits],
    ] as const) {
      const declared = PRODUCT_DESCRIPTORS.flatMap((descriptor) => Object.entries(descriptor.config?.[part] ?? {}));
      const keys = declared.map(([key]) => key);
      expect(new Set(keys).size, part).toBe(keys.length);
      for (const [key, schema] of declared) expect(merged[key], `${part}.${key}`).toBe(schema);
    }
  });
});
