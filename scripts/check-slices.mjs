// `npm run check:slices`: which files outside the product folders name a product (issue 27: a product owns
// everything about itself, and the core names none of them). Each package or app with a `src/products/` folder
// (packages/sdk, hooks, ui-unstyled, ui-default, apps/provider today) is a layer; every source file of its `src`
// outside `src/products/` is read with TypeScript's parser and each identifier, string literal (template parts
// and import paths included) and JSX text is split into words (`useTotpEnrollment` → use totp enrollment,
// `'/v1/magic_links'` → v 1 magic links). A token names a product when consecutive words of it spell one of the
// product's names, singular or plural (`IdP` → id p → idp, `WebAuthn` → web authn → webauthn).
//
// The products and their names come from the code: the folders of every `src/products/` and the keys of every
// `src/products/registry.ts` (an object's keys, or the `key` of each entry of a list), one product per name once
// the known aliases below are merged (the layers do not name each product alike yet: issue 27 item 6).
//
// Not counted:
// - Comments (TypeScript's trivia; JSDoc included).
// - Tests and stories (`*.test.ts(x)`, `*.stories.tsx`, files under `test/`, `__tests__/`, `stories/`, and a screen's
//   `examples/`, the fixtures its stories and tests render): they compose products on purpose and ship nothing.
// - Registries, which exist to list the products: files named `registry.ts`, `registries.ts` or `descriptors.ts`,
//   and the files of REGISTRY_FILES below. Their import paths name product folders too: that is their job.
// - Generated files: a file whose first comment says `@generated` (the lists that must stay literal, once a script
//   writes them).
// - The platform's names: the identifiers `crypto`/`Crypto` alone (Web Crypto: `globalThis.crypto`,
//   `crypto.subtle`, an environment's `crypto`, `Environment['crypto']`), `SubtleCrypto`, `CryptoKey`, `webcrypto`,
//   `node:` imports, and the `password` of a URL or of HTTP Basic credentials (`url.password`,
//   `credentials.password`). The crypto-wallet product is named by compound identifiers (`cryptoWallets`,
//   `CryptoConnect`) and by the string `'crypto'` elsewhere, which count.
// - A released migration's name (a string of four digits, an underscore and lower-case words: `'0005_totp_and_mfa'`):
//   databases record it as applied, so it is history, fixed whatever it says, not a list that grows with products.
// - CSS files (not read: TypeScript sources only).
//
// The list is not empty yet. `scripts/slices-baseline.json` holds, for each file that still names a product, the
// products it names; the check fails (exit 1) when a file outside the baseline names a product or a file names a
// product its entry does not list, and announces the entries that could shrink. The goal is an empty baseline.
//
//   node scripts/check-slices.mjs                    the list (per file, per product, with counts), then the check
//   node scripts/check-slices.mjs --json             the same as JSON
//   node scripts/check-slices.mjs --write-baseline   rewrites the baseline from the repository's state
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './source-files.mjs';

/** The repository's root directory. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The baseline, relative to the root. */
export const BASELINE_PATH = 'scripts/slices-baseline.json';

/**
 * The other names of each product (its key in the hooks' registry first): the SDK's namespaces, the provider's
 * folders and the widgets' names. A product folder or registry key missing here is a product of its own name.
 */
export const KNOWN_ALIASES = {
  otp: ['otps'],
  emailMagicLinks: ['magicLinks'],
  passwords: [],
  passkeys: ['webauthn'],
  totp: ['totps'],
  crypto: ['cryptoWallets'],
  oauth: [],
  idp: ['identityProvider'],
  sessionExchange: ['impersonation'],
};

/** Registries not named like one: files that exist to list products (relative to the root, with the reason). */
export const REGISTRY_FILES = {
  'packages/ui-default/src/widgets/index.ts': 'the list of widgets every mount point is made from (LATCHKEY_WIDGETS)',
};

const REGISTRY_NAMES = /^(registry|registries|descriptors)\.(ts|tsx|mts|cts)$/;
const TEST_FILE = /\.(test|spec|test-d|stories)\.(ts|tsx|mts|cts)$/;
const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', '__mocks__', 'stories', 'examples', 'node_modules']);
const PLATFORM_CRYPTO = new Set(['crypto', 'Crypto', 'SubtleCrypto', 'CryptoKey', 'CryptoKeyPair', 'webcrypto']);

/**
 * The words of a name or a text, lower case: split at anything not a letter or digit, then at camel-case humps
 * (`OAuth2Client` → o auth 2 client, `IDPConsent` → idp consent).
 * @param {string} text
 * @returns {string[]}
 */
export function words(text) {
  return text
    .split(/[^A-Za-z0-9]+/)
    .flatMap((chunk) => chunk.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [])
    .map((word) => word.toLowerCase());
}

/** A name's comparable form: its words joined, a final `s` dropped (singular and plural name the same thing). */
function comparable(text) {
  const joined = words(text).join('');
  return joined.length > 1 && joined.endsWith('s') ? joined.slice(0, -1) : joined;
}

/** @param {string} name @returns {string} the product a name belongs to, by KNOWN_ALIASES */
function canonicalOf(name) {
  const form = comparable(name);
  for (const [key, aliases] of Object.entries(KNOWN_ALIASES)) {
    if ([key, ...aliases].some((alias) => comparable(alias) === form)) return key;
  }
  return name;
}

/** @param {string} root @returns {string[]} the layers: packages/* and apps/* with a src/products folder */
export function findLayers(root = ROOT) {
  return ['packages', 'apps'].flatMap((parent) =>
    existsSync(join(root, parent))
      ? readdirSync(join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'src', 'products')))
          .map((entry) => `${parent}/${entry.name}`)
          .sort()
      : [],
  );
}

/**
 * The keys a registry lists: the property names of each exported object literal, and the `key` of each object of
 * an exported array literal (`as const` and `satisfies` looked through).
 * @param {string} fileName
 * @param {string} text
 * @returns {string[]}
 */
export function registryKeys(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const keys = [];
  const nameOf = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined);
  const unwrap = (node) => {
    let current = node;
    while (
      current &&
      (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current))
    ) {
      current = current.expression;
    }
    return current;
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = unwrap(declaration.initializer);
      if (!value) continue;
      if (ts.isObjectLiteralExpression(value)) {
        for (const property of value.properties) {
          const key = property.name && nameOf(property.name);
          if (key) keys.push(key);
        }
      } else if (ts.isArrayLiteralExpression(value)) {
        for (const element of value.elements) {
          const entry = unwrap(element);
          if (!entry || !ts.isObjectLiteralExpression(entry)) continue;
          for (const property of entry.properties) {
            if (!ts.isPropertyAssignment(property) || nameOf(property.name) !== 'key') continue;
            const initializer = unwrap(property.initializer);
            if (initializer && ts.isStringLiteralLike(initializer)) keys.push(initializer.text);
          }
        }
      }
    }
  }
  return keys;
}

/**
 * Every product of the code and its names: the folders of each layer's src/products and its registry's keys,
 * merged by KNOWN_ALIASES (each product's aliases added).
 * @param {string} [root]
 * @returns {Record<string, string[]>} product → its names, the product's own first
 */
export function findProducts(root = ROOT) {
  const found = new Set();
  for (const layer of findLayers(root)) {
    const productsDir = join(root, layer, 'src', 'products');
    for (const entry of readdirSync(productsDir, { withFileTypes: true })) {
      if (entry.isDirectory()) found.add(entry.name);
    }
    const registry = join(productsDir, 'registry.ts');
    if (existsSync(registry)) for (const key of registryKeys(registry, readFileSync(registry, 'utf8'))) found.add(key);
  }
  const products = {};
  for (const name of found) {
    const key = canonicalOf(name);
    products[key] ??= new Set([key, ...(KNOWN_ALIASES[key] ?? [])]);
    products[key].add(name);
  }
  return Object.fromEntries(
    Object.keys(products)
      .sort()
      .map((key) => [key, [key, ...[...products[key]].filter((name) => name !== key).sort()]]),
  );
}

/** @param {string} fileName */
function scriptKind(fileName) {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/**
 * The products a token names, each once: consecutive words spelling one of a product's names.
 * @param {string} text
 * @param {Map<string, string>} forms comparable name → product
 * @param {number} longest the longest comparable name
 * @returns {Set<string>}
 */
function productsIn(text, forms, longest) {
  const tokenWords = words(text);
  const named = new Set();
  for (let start = 0; start < tokenWords.length; start += 1) {
    let joined = '';
    for (let end = start; end < tokenWords.length && joined.length <= longest; end += 1) {
      joined += tokenWords[end];
      const form = joined.length > 1 && joined.endsWith('s') ? joined.slice(0, -1) : joined;
      const product = forms.get(form);
      if (product) named.add(product);
    }
  }
  return named;
}

/**
 * Whether an identifier names the platform, not a product: Web Crypto (PLATFORM_CRYPTO), or the `password` of a URL
 * or of HTTP Basic credentials (`url.password`, `credentials.password`).
 * @param {ts.Identifier | ts.PrivateIdentifier} node
 */
function isPlatformName(node) {
  if (PLATFORM_CRYPTO.has(node.text)) return true;
  const parent = node.parent;
  if (node.text !== 'password' || !parent || !ts.isPropertyAccessExpression(parent) || parent.name !== node) {
    return false;
  }
  const owner = parent.expression;
  const ownerName = ts.isIdentifier(owner) ? owner.text : ts.isPropertyAccessExpression(owner) ? owner.name.text : '';
  return /^(url|credentials)$|Url$|URL$/i.test(ownerName);
}

/** Whether a string literal is `'crypto'` as a property name (`Environment['crypto']`, `x['crypto']`): Web Crypto. */
function isPlatformCryptoIndex(node) {
  if (node.text !== 'crypto') return false;
  const parent = node.parent;
  if (parent && ts.isElementAccessExpression(parent)) return parent.argumentExpression === node;
  return Boolean(parent && ts.isLiteralTypeNode(parent) && parent.parent && ts.isIndexedAccessTypeNode(parent.parent));
}

/**
 * A matcher for `mentionsIn`: each comparable name of each product.
 * @param {Record<string, string[]>} products
 */
function productMatcher(products) {
  const forms = new Map();
  for (const [key, names] of Object.entries(products)) for (const name of names) forms.set(comparable(name), key);
  const longest = Math.max(0, ...[...forms.keys()].map((form) => form.length));
  return { forms, longest };
}

/** A released migration's name (db/migrations.ts and each product's migrations.ts): history, not a list. */
const MIGRATION_NAME = /^\d{4}_[a-z0-9]+(_[a-z0-9]+)*$/;

/**
 * How often a module names each product: its identifiers, string literals (import paths and template parts
 * included, `node:` imports aside) and JSX texts; comments are never read. The platform's crypto does not count.
 * @param {string} fileName
 * @param {string} text
 * @param {Record<string, string[]>} products
 * @returns {Record<string, number>} product → tokens naming it (only products named)
 */
export function mentionsIn(fileName, text, products) {
  const { forms, longest } = productMatcher(products);
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const counts = {};
  const count = (token) => {
    for (const product of productsIn(token, forms, longest)) counts[product] = (counts[product] ?? 0) + 1;
  };
  const visit = (node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      if (!isPlatformName(node)) count(node.text);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      if (!node.text.startsWith('node:') && !isPlatformCryptoIndex(node) && !MIGRATION_NAME.test(node.text)) {
        count(node.text);
      }
    } else if (ts.isJsxText(node)) {
      count(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return Object.fromEntries(
    Object.keys(counts)
      .sort()
      .map((product) => [product, counts[product]]),
  );
}

/**
 * Why a file may name products, or undefined: a registry (by its name or REGISTRY_FILES) or a generated file.
 * @param {string} file relative to the root, `/`-separated
 * @param {string} text
 * @returns {string | undefined}
 */
export function allowedBecause(file, text) {
  if (REGISTRY_FILES[file]) return `registry: ${REGISTRY_FILES[file]}`;
  if (REGISTRY_NAMES.test(basename(file))) return 'registry (by its name)';
  const firstComment = /^\s*(\/\/[^\n]*(\n\s*\/\/[^\n]*)*|\/\*[\s\S]*?\*\/)/.exec(text.replace(/^#![^\n]*\n/, ''));
  if (firstComment?.[0].includes('@generated')) return 'generated (@generated in its first comment)';
  return undefined;
}

/**
 * @typedef {{ file: string, layer: string, mentions: Record<string, number>, total: number }} FileMentions
 * @typedef {{ file: string, reason: string }} AllowedFile
 */

/**
 * Every source file outside the layers' src/products that names a product, in path order, and the files allowed to.
 * @param {string} [root]
 * @returns {{ products: Record<string, string[]>, layers: string[], files: FileMentions[], allowed: AllowedFile[] }}
 */
export function findProductMentions(root = ROOT) {
  const products = findProducts(root);
  const layers = findLayers(root);
  const files = [];
  const allowed = [];
  for (const layer of layers) {
    const src = join(root, layer, 'src');
    const productsDir = join(src, 'products');
    const paths = sourceFiles(src, {
      skipFolder: (path, name) => path === productsDir || TEST_FOLDERS.has(name),
      skipFile: (name) => TEST_FILE.test(name),
    });
    for (const path of paths) {
      const file = relative(root, path).split(sep).join('/');
      const text = readFileSync(path, 'utf8');
      const mentions = mentionsIn(path, text, products);
      const total = Object.values(mentions).reduce((sum, n) => sum + n, 0);
      if (total === 0) continue;
      const reason = allowedBecause(file, text);
      if (reason) allowed.push({ file, reason });
      else files.push({ file, layer, mentions, total });
    }
  }
  const byFile = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return { products, layers, files: files.sort(byFile), allowed: allowed.sort(byFile) };
}

/**
 * The baseline of a list: each file and the products it names.
 * @param {FileMentions[]} files
 * @returns {Record<string, string[]>}
 */
export function baselineOf(files) {
  return Object.fromEntries(files.map(({ file, mentions }) => [file, Object.keys(mentions).sort()]));
}

/**
 * The list against the baseline. `added`: files outside it that name a product; `grown`: files naming a product their
 * entry does not list (with those products); `gone`: entries whose file names no product any more (or is gone);
 * `narrowed`: entries listing products their file no longer names (with those products).
 * @param {FileMentions[]} files
 * @param {Record<string, string[]>} baseline
 */
export function compareWithBaseline(files, baseline) {
  const added = [];
  const grown = [];
  const narrowed = [];
  const seen = new Set();
  for (const { file, mentions } of files) {
    seen.add(file);
    const named = Object.keys(mentions);
    const listed = baseline[file];
    if (!listed) {
      added.push({ file, products: named });
      continue;
    }
    const extra = named.filter((product) => !listed.includes(product));
    if (extra.length > 0) grown.push({ file, products: extra });
    const dropped = listed.filter((product) => !named.includes(product));
    if (dropped.length > 0) narrowed.push({ file, products: dropped });
  }
  const gone = Object.keys(baseline)
    .filter((file) => !seen.has(file))
    .sort();
  return { added, grown, gone, narrowed };
}

/**
 * The baseline as checked in: one line per file (Biome's JSON format).
 * @param {Record<string, string[]>} baseline
 * @returns {string}
 */
export function formatBaseline(baseline) {
  const entries = Object.keys(baseline)
    .sort()
    .map((file) => {
      const line = `  ${JSON.stringify(file)}: [${baseline[file].map((p) => JSON.stringify(p)).join(', ')}]`;
      if (line.length <= 120) return line;
      const items = baseline[file].map((product) => `    ${JSON.stringify(product)}`).join(',\n');
      return `  ${JSON.stringify(file)}: [\n${items}\n  ]`;
    });
  return entries.length === 0 ? '{}\n' : `{\n${entries.join(',\n')}\n}\n`;
}

/** @param {string} root @returns {Record<string, string[]>} the checked-in baseline (empty when there is none) */
export function readBaseline(root = ROOT) {
  const path = join(root, BASELINE_PATH);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}

/** @param {FileMentions[]} files @param {string[]} layers */
function layerTotals(files, layers) {
  const totals = Object.fromEntries(layers.map((layer) => [layer, { files: 0, mentions: 0 }]));
  for (const { layer, total } of files) {
    totals[layer].files += 1;
    totals[layer].mentions += total;
  }
  return totals;
}

const plural = (n, word) => (n === 1 ? `1 ${word}` : `${n} ${word.endsWith('y') ? `${word.slice(0, -1)}ie` : word}s`);

/**
 * The command: prints the list and the check, returns the exit code.
 * @param {string[]} args
 * @param {{ root?: string, log?: (line: string) => void, error?: (line: string) => void }} [io]
 * @returns {number}
 */
export function main(args, { root = ROOT, log = console.log, error = console.error } = {}) {
  const { products, layers, files, allowed } = findProductMentions(root);
  const layersTotals = layerTotals(files, layers);
  const total = { files: files.length, mentions: files.reduce((sum, file) => sum + file.total, 0) };
  if (args.includes('--write-baseline')) {
    writeFileSync(join(root, BASELINE_PATH), formatBaseline(baselineOf(files)));
    log(`check:slices: wrote ${BASELINE_PATH}: ${plural(total.files, 'file')}, ${plural(total.mentions, 'mention')}`);
    return 0;
  }
  const comparison = compareWithBaseline(files, readBaseline(root));
  const failed = comparison.added.length + comparison.grown.length > 0;
  if (args.includes('--json')) {
    const report = { products, layers: layersTotals, total, files, allowed, baseline: comparison, ok: !failed };
    log(JSON.stringify(report, null, 2));
    return failed ? 1 : 0;
  }
  log('check:slices: files outside src/products/ that name a product (identifiers, strings, import paths, JSX text):');
  for (const { file, mentions, total: n } of files) {
    const counts = Object.entries(mentions).map(([product, count]) => `${product} ${count}`);
    log(`  ${file}: ${counts.join(', ')} (${n})`);
  }
  for (const layer of layers) {
    const { files: layerFiles, mentions } = layersTotals[layer];
    log(`  ${layer.padEnd(22)} ${plural(layerFiles, 'file')}, ${plural(mentions, 'mention')}`);
  }
  log(`  ${'total'.padEnd(22)} ${plural(total.files, 'file')}, ${plural(total.mentions, 'mention')}`);
  log(`  allowed: ${allowed.map(({ file, reason }) => `${file} (${reason})`).join('; ') || 'none'}`);
  if (comparison.gone.length > 0) {
    const gone = comparison.gone.length;
    log(`check:slices: ${plural(gone, 'file')} no longer name${gone === 1 ? 's' : ''} a product: run --write-baseline`);
    for (const file of comparison.gone) log(`  ${file}`);
  }
  if (comparison.narrowed.length > 0) {
    log(
      `check:slices: ${plural(comparison.narrowed.length, 'file')} no longer name${comparison.narrowed.length === 1 ? 's' : ''} every product of ${comparison.narrowed.length === 1 ? 'its' : 'their'} entry: ` +
        'run --write-baseline',
    );
    for (const { file, products: dropped } of comparison.narrowed) log(`  ${file}: ${dropped.join(', ')}`);
  }
  for (const { file, products: named } of comparison.added) {
    error(`check:slices: ${file} names ${named.join(', ')} and is not in ${BASELINE_PATH}`);
  }
  for (const { file, products: extra } of comparison.grown) {
    error(`check:slices: ${file} names ${extra.join(', ')}, which its entry of ${BASELINE_PATH} does not list`);
  }
  if (failed) {
    error(
      'check:slices: FAILED: a product named outside its folders; move that code into src/products/<product>/ ' +
        '(or reach it through a registry)',
    );
    return 1;
  }
  log(
    `check:slices: nothing names a product beyond ${BASELINE_PATH} (${plural(Object.keys(readBaseline(root)).length, 'entry')}` +
      '; the goal is an empty baseline)',
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
