// The products' descriptors (products/descriptors.ts) and their routes (products/registry.ts) list the same products.
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../testing/harness';
import { configSchema, PRODUCTS, parseConfig } from '../config';
import { MIGRATION_NAMES } from '../db/migrations';
import { CORE_TABLES } from '../db/schema';
import { CORE_ERRORS, ERROR_CATALOGUE } from '../http/errors';
import { PRODUCT_DESCRIPTORS, USER_ANSWER_PARTS } from './descriptors';
import { USER_ANSWER_COLUMNS, unverifiedIdentifierMessage } from './productParts';
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

  it('each switch of project.products and each redirect flow of project.pkce is declared by one product, and the configuration offers exactly those', () => {
    const switches = PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.config?.switches ?? []);
    expect(new Set(switches).size).toBe(switches.length);
    // The contract's order, which the bootstrap's default keeps.
    expect(PRODUCTS).toEqual(['email_otp', 'sms_otp', 'whatsapp_otp', 'email_magic_links', 'passwords', 'webauthn']);
    expect(parseConfig({}).project.products).toEqual(switches);

    const flows = PRODUCT_DESCRIPTORS.flatMap((descriptor) => Object.keys(descriptor.config?.pkceFlows ?? {}));
    expect(new Set(flows).size).toBe(flows.length);
    expect(flows).toEqual(['emailMagicLinks', 'passwordResets', 'oauth']);
    const pkce = configSchema.shape.project.unwrap().shape.pkce.unwrap().shape as Record<string, unknown>;
    expect(Object.keys(pkce).sort()).toEqual([...flows, 'sso', 'unboundReason'].sort());
    expect(parseConfig({}).project.pkce).toEqual({
      emailMagicLinks: true,
      passwordResets: true,
      oauth: true,
      sso: false,
    });
  });

  it("each table of a fresh database is declared once, by the core or one product, and the products' migration parts are parts of known migrations", async () => {
    const declared = [...CORE_TABLES, ...PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.tables ?? [])];
    expect(new Set(declared).size).toBe(declared.length);
    const fresh = await freshDatabase();
    try {
      const tables = await fresh.database.db.introspection.getTables();
      expect(tables.map((table) => table.name).sort()).toEqual([...declared].sort());
    } finally {
      await fresh.drop();
    }
    for (const descriptor of PRODUCT_DESCRIPTORS) {
      for (const name of Object.keys(descriptor.migrations ?? {}))
        expect(MIGRATION_NAMES, descriptor.key).toContain(name);
      // A product with tables creates them in its own parts.
      if (descriptor.tables?.length) expect(Object.keys(descriptor.migrations ?? {}), descriptor.key).not.toEqual([]);
    }
  });

  it("builds the refusals' texts the products name themselves in, as released", () => {
    expect(ERROR_CATALOGUE.reauthentication_required.message).toBe(
      'This change needs a recent sign-in: authenticate with your password or email again, then try again.',
    );
    expect(ERROR_CATALOGUE.identifier_not_verified.message).toBe(
      'Verify your email address before adding a second factor, a passkey or a wallet: signing in with a code sent to it would otherwise remove them.',
    );
    expect(unverifiedIdentifierMessage('phone number')).toBe(
      'Verify your phone number before adding a second factor, a passkey or a wallet: signing in with a code sent to it would otherwise remove them.',
    );
  });
});
