// The core names no product (issue 27: the core iterates products/descriptors.ts). Reads the source of the core's
// files — config.ts, db/schema.ts, db/migrations.ts, http/errors.ts, services/*.ts — and finds, in their identifiers
// and string literals (comments and import paths left out), the words of each product of products/registry.ts. A
// file may name only the products its entry of REMAINING allows, each with the reason it still does; an entry no
// longer needed fails too, so the list only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROVIDER_PRODUCTS } from './registry';

const SRC = join(import.meta.dirname, '..');

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
 * The words that name each product in code (lower case, found inside an identifier or a string literal): its key,
 * and the names its tables, fields and factor types use.
 */
const PRODUCT_WORDS: Record<string, readonly string[]> = {
  otp: ['otp'],
  emailMagicLinks: ['email_magic_link', 'magic_link'],
  passwords: ['password'],
  passkeys: ['passkey', 'webauthn', 'web_authn'],
  totp: ['totp', 'recovery_code'],
  crypto: ['crypto', 'crypto_wallet', 'wallet'],
  oauth: ['oauth'],
  idp: ['idp'],
  sessionExchange: [
    'session_exchange',
    'impersonation',
    'impersonator',
    'impersonated',
    'exchanged',
    'trusted_auth_token',
  ],
};

/**
 * What the core still names, file by file, and why (issue 27, item 1: the steps not done yet). Each entry is a
 * product key of the registry.
 */
const CONFIG =
  'step 4 done for idp and sessionExchange only: its section (zod schema, defaults, checks; project.products, project.pkce, a rate limit) is still in config.ts';
const SCHEMA = "step 5 not done: its tables are still declared in the core's Database";
const MIGRATIONS =
  'step 5 not done: its migrations are still in the one list (the migrations table stores their names, in order)';
const USERS = 'step 6 not done: what it adds to the user answer is still read and built in users.ts';
const EMAIL_TOKENS =
  'the e-mail tokens (services/emailTokens.ts) are shared by magic links and password resets: their two kinds';

const REMAINING: Record<string, Record<string, string>> = {
  'config.ts': {
    otp: CONFIG,
    emailMagicLinks: CONFIG,
    passwords: CONFIG,
    passkeys: CONFIG,
    crypto: CONFIG,
    oauth: CONFIG,
  },
  'db/schema.ts': {
    otp: SCHEMA,
    emailMagicLinks: SCHEMA,
    passwords: SCHEMA,
    passkeys: SCHEMA,
    totp: SCHEMA,
    crypto: SCHEMA,
    oauth: SCHEMA,
    idp: SCHEMA,
    sessionExchange: SCHEMA,
  },
  'db/migrations.ts': {
    otp: MIGRATIONS,
    passwords: MIGRATIONS,
    passkeys: MIGRATIONS,
    totp: MIGRATIONS,
    crypto: MIGRATIONS,
    oauth: MIGRATIONS,
    idp: MIGRATIONS,
    sessionExchange: MIGRATIONS,
  },
  'http/errors.ts': {
    otp: 'invalid_code and otp_code_not_found are shared by passcodes and TOTP codes: core error types',
    emailMagicLinks: `unable_to_auth_magic_link is thrown by the core's e-mail tokens too`,
    passwords: `reset_password is answered by the core's guards too (services/guards.ts)`,
  },
  'services/emailTokens.ts': { emailMagicLinks: EMAIL_TOKENS, passwords: EMAIL_TOKENS },
  'services/guards.ts': {
    emailMagicLinks: `the token types of a redirect link (magic_links, reset_password, login: the contract's)`,
    passwords: `the passwordAttemptsPerIp limit (a config section: step 4) and the reset link's kind; also URL.password`,
  },
  'services/intermediateSessions.ts': {
    sessionExchange: `columns of the core's sessions table the session exchange sets (impersonator_id, exchanged_*)`,
  },
  'services/sessions.ts': {
    sessionExchange: `the session row is the core's: impersonated and exchanged sessions are opened and capped here`,
  },
  'services/signingKeys.ts': {
    idp: `the identity provider's signing keys are the second kind of the core's key store (KEY_KINDS)`,
  },
  'services/users.ts': { passwords: USERS, passkeys: USERS, totp: USERS, crypto: USERS, oauth: USERS },
};

/**
 * The identifiers and string literals of a module as words joined by `_` (`OAuthProvider` → `_oauth_provider_`):
 * import and export paths and prose (a literal with a space: a message's text) left out, comments being trivia.
 */
function codeWords(fileName: string): string[] {
  const source = ts.createSourceFile(fileName, readFileSync(join(SRC, fileName), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isImportDeclaration(node) && node.importClause) visit(node.importClause);
      if (ts.isExportDeclaration(node) && node.exportClause) visit(node.exportClause);
      return;
    }
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) found.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      if (!node.text.includes(' ')) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map(
    (word) =>
      `_${word
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')}_`,
  );
}

/** The product keys a core file names: a product word as whole words, singular or plural. */
function productsNamed(fileName: string): string[] {
  const tokens = codeWords(fileName);
  return Object.entries(PRODUCT_WORDS)
    .filter(([, names]) =>
      tokens.some((token) => names.some((name) => token.includes(`_${name}_`) || token.includes(`_${name}s_`))),
    )
    .map(([key]) => key);
}

describe('the core names no product', () => {
  it('knows the words of every product of the registry', () => {
    expect(Object.keys(PRODUCT_WORDS).sort()).toEqual(PROVIDER_PRODUCTS.map((product) => product.key).sort());
  });

  it.each(CORE_FILES)('%s names only the products its entry of REMAINING allows, and each of them', (fileName) => {
    expect(productsNamed(fileName)).toEqual(
      Object.keys(REMAINING[fileName] ?? {}).sort(
        (a, b) => Object.keys(PRODUCT_WORDS).indexOf(a) - Object.keys(PRODUCT_WORDS).indexOf(b),
      ),
    );
  });

  it('finds the products a file names (the check itself works)', () => {
    expect(productsNamed('products/totp/descriptor.ts')).toEqual(['totp']);
    expect(productsNamed('products/idp/descriptor.ts')).toEqual(['idp']);
  });
});
