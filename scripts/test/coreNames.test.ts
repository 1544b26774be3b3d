// The provider's core names no product (issue 27: the core iterates products/descriptors.ts). Reads the source of
// the core's files — config.ts, db/schema.ts, db/migrations.ts, http/errors.ts, services/*.ts — with the slices
// check's own reader (`mentionsIn` of scripts/check-slices.mjs: identifiers, string literals and JSX text; comments
// never), and the provider's products with the names their tables, fields and factor types use. A file may name
// only the products its entry of REMAINING allows, each with the reason it still does; an entry no longer needed
// fails too, so the list only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProducts, mentionsIn, registryKeys } from '../check-slices.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'apps', 'provider', 'src');
const REGISTRY = join(SRC, 'products', 'registry.ts');

/** The core's files, relative to src/. */
const CORE_FILES = [
  'config.ts',
  'db/schema.ts',
  'db/migrations.ts',
  'http/errors.ts',
  ...readdirSync(join(SRC, 'services'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `services/${name}`),
];

/**
 * The names a product goes by in the provider's tables, fields and factor types, beyond its key and aliases
 * (which `findProducts` knows).
 */
const TABLE_NAMES: Record<string, readonly string[]> = {
  otp: [],
  emailMagicLinks: ['email_magic_link', 'magic_link'],
  passwords: [],
  passkeys: ['passkey', 'web_authn'],
  totp: ['recovery_code'],
  crypto: ['crypto_wallet', 'wallet'],
  oauth: [],
  idp: [],
  sessionExchange: ['impersonator', 'impersonated', 'exchanged', 'trusted_auth_token'],
};

/** The provider's products (its registry's keys), each with every name it goes by. */
function providerProducts(): Record<string, string[]> {
  const keys = registryKeys(REGISTRY, readFileSync(REGISTRY, 'utf8'));
  const known = findProducts(ROOT);
  return Object.fromEntries(keys.map((key) => [key, [...(known[key] ?? [key]), ...(TABLE_NAMES[key] ?? [])]]));
}

/**
 * What the core still names, file by file, and why (issue 27, item 1: the steps not done yet). Each entry is a
 * product key of the registry.
 */
const REMAINING: Record<string, Record<string, string>> = {
  'services/intermediateSessions.ts': {
    sessionExchange: `columns of the core's sessions table the session exchange sets (impersonator_id, exchanged_*)`,
  },
  'services/sessions.ts': {
    sessionExchange: `the session row is the core's: impersonated and exchanged sessions are opened and capped here`,
  },
};

/** The product keys a core file names, in the registry's order. */
function productsNamed(fileName: string, products: Record<string, string[]>): string[] {
  const named = mentionsIn(fileName, readFileSync(join(SRC, fileName), 'utf8'), products);
  return Object.keys(products).filter((key) => key in named);
}

describe('the core names no product', () => {
  const products = providerProducts();

  it('knows the table names of every product of the registry, and of no other', () => {
    expect(Object.keys(TABLE_NAMES).sort()).toEqual(Object.keys(products).sort());
  });

  it.each(CORE_FILES)('%s names only the products its entry of REMAINING allows, and each of them', (fileName) => {
    const keys = Object.keys(products);
    expect(productsNamed(fileName, products)).toEqual(
      Object.keys(REMAINING[fileName] ?? {}).sort((a, b) => keys.indexOf(a) - keys.indexOf(b)),
    );
  });

  it('finds the products a file names (the check itself works)', () => {
    expect(productsNamed('products/totp/descriptor.ts', products)).toEqual(['totp']);
    // Its open-CORS paths (`/oauth2/*`, `/.well-known/oauth-authorization-server`) spell social sign-in's name too,
    // and its purge rules keep a grant's rows while a session exchanged from its tokens (`exchanged_token_id`) lives.
    expect(productsNamed('products/idp/descriptor.ts', products)).toEqual(['oauth', 'idp', 'sessionExchange']);
  });
});
