// The lists the READMEs keep of things the code defines (the sign-in methods, the hooks, the packages, each
// package's product folders, the SDK's lazy namespaces) are checked against the code: every name the code has is in
// the list, and the list names nothing the code does not have. A README marks such a list with the HTML comment
// `<!-- list: <name> -->` on the line before it (a table or a bulleted list, up to the next blank line); the comment
// does not render. Adding a product, a hook or a package without its README line fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { ROOT, workspacePackages } from '../published-packages.mjs';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The lines after `<!-- list: name -->` up to the next blank line. */
function markedList(readmePath: string, name: string): string {
  const text = read(readmePath);
  const marker = `<!-- list: ${name} -->`;
  const start = text.indexOf(marker);
  if (start === -1) throw new Error(`${readmePath} has no ${marker}`);
  const body = text.slice(start + marker.length).replace(/^\n/, '');
  const end = body.search(/\n\s*\n/);
  return end === -1 ? body : body.slice(0, end);
}

/** Every `code` span of a text. */
const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

function parse(path: string): ts.SourceFile {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

/** The initializer of `const name = …`, through `as const` and `satisfies`. */
function constInitializer(path: string, name: string): ts.Expression {
  for (const statement of parse(join(ROOT, path)).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      let expression = declaration.initializer;
      while (ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) expression = expression.expression;
      return expression;
    }
  }
  throw new Error(`${path} declares no const ${name}`);
}

/** The property names of an object-literal const (`SIGN_IN_PRODUCTS`). */
function objectKeys(path: string, name: string): string[] {
  const object = constInitializer(path, name);
  if (!ts.isObjectLiteralExpression(object)) throw new Error(`${path}: ${name} is not an object literal`);
  return object.properties.flatMap((property) => (property.name ? [property.name.getText().replace(/'/g, '')] : []));
}

/** The string literals of a type alias's union (`type T = Other | 'a' | 'b'` → a, b). */
function typeLiterals(path: string, name: string): string[] {
  for (const statement of parse(join(ROOT, path)).statements) {
    if (!ts.isTypeAliasDeclaration(statement) || statement.name.text !== name) continue;
    const members = ts.isUnionTypeNode(statement.type) ? statement.type.types : [statement.type];
    return members.flatMap((member) =>
      ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? [member.literal.text] : [],
    );
  }
  throw new Error(`${path} declares no type ${name}`);
}

/** The elements of a const array: strings as themselves, objects by their `field` (`PROVIDER_PRODUCTS`' `key`). */
function arrayValues(path: string, name: string, field?: string): string[] {
  const array = constInitializer(path, name);
  if (!ts.isArrayLiteralExpression(array)) throw new Error(`${path}: ${name} is not an array literal`);
  return array.elements.flatMap((element) => {
    if (ts.isStringLiteral(element)) return [element.text];
    if (field && ts.isObjectLiteralExpression(element)) {
      const property = element.properties.find((p) => p.name?.getText() === field);
      if (property && ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)) {
        return [property.initializer.text];
      }
    }
    return [];
  });
}

/** The value names a module exports (types aside), following `export * from './…'`. */
function exportedValues(path: string, seen = new Set<string>()): string[] {
  if (seen.has(path)) return [];
  seen.add(path);
  const names: string[] = [];
  for (const statement of parse(path).statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier))
        continue;
      const clause = statement.exportClause;
      if (!clause) {
        const base = resolve(dirname(path), statement.moduleSpecifier.text);
        const target = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => existsSync(p));
        if (target) names.push(...exportedValues(target, seen));
      } else if (ts.isNamedExports(clause)) {
        names.push(...clause.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text));
      } else {
        names.push(clause.name.text);
      }
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      names.push(...statement.declarationList.declarations.map((declaration) => declaration.name.getText()));
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
    }
  }
  return names;
}

/** The folders under a package's `src/products/`. */
const productFolders = (folder: string) =>
  readdirSync(join(ROOT, folder, 'src/products'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The `<key>` of every `src/products/<key>/…` a list names. */
const listedProductFolders = (list: string) =>
  codeSpans(list).flatMap((span) => [...span.matchAll(/src\/products\/([A-Za-z]+)\//g)].map((match) => match[1]!));

describe('the root README', () => {
  test("lists every sign-in product of the provider's registry, by its key, and no other", () => {
    const keys = arrayValues('apps/provider/src/products/registry.ts', 'PROVIDER_PRODUCTS', 'key');
    const list = markedList('README.md', 'sign-in methods');
    // Each item names its key in parentheses: "email magic links (`emailMagicLinks`)".
    const listed = [...list.matchAll(/\(`([A-Za-z]+)`[),:;]/g)].map((match) => match[1]!);
    expect(sorted(listed)).toEqual(sorted(keys));
    // The widget's products (the hooks' registry) are among them.
    const widgetKeys = objectKeys('packages/hooks/src/products/registry.ts', 'SIGN_IN_PRODUCTS');
    expect(widgetKeys.filter((key) => !keys.includes(key))).toEqual([]);
  });

  test('counts and names the social providers the SDK has', () => {
    const providers = arrayValues('packages/sdk/src/products/oauthProviders.ts', 'OAUTH_PROVIDERS');
    const readme = read('README.md');
    const counts = [...readme.matchAll(/(\d+) (?:social )?providers|any of the (\d+)/g)].map((m) =>
      Number(m[1] ?? m[2]),
    );
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.filter((count) => count !== providers.length)).toEqual([]);
    const list = markedList('README.md', 'sign-in methods').toLowerCase().replace(/\s+/g, ' ');
    expect(providers.filter((provider) => !list.includes(provider))).toEqual([]);
  });

  test('lists every hook and provider component @latchkey/hooks exports, and no other', () => {
    const exported = exportedValues(join(ROOT, 'packages/hooks/src/index.ts')).filter((name) =>
      /^(use[A-Z]\w*|\w+Provider)$/.test(name),
    );
    const listed = codeSpans(markedList('README.md', 'hooks')).filter((name) =>
      /^(use[A-Z]\w*|\w+Provider)$/.test(name),
    );
    expect(sorted(listed)).toEqual(sorted(exported));
  });

  test('lists every package, app and example (each folder of packages/, apps/ and examples/), and no other', () => {
    const folders = ['packages', 'apps', 'examples'].flatMap((parent) =>
      readdirSync(join(ROOT, parent), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${parent}/${entry.name}`),
    );
    const list = markedList('README.md', 'packages');
    const listed = [...list.matchAll(/\]\(((?:packages|apps|examples)\/[\w-]+)\/README\.md\)/g)].map((m) => m[1]!);
    expect(sorted(listed)).toEqual(sorted(folders));
    // Each row names the package as it is published (or its folder, for what is not a package of its own).
    for (const pkg of workspacePackages().filter((p) => folders.includes(p.folder))) {
      const row = list.split('\n').find((line) => line.includes(`](${pkg.folder}/README.md)`))!;
      expect(row, pkg.folder).toMatch(new RegExp(`\\[\`(${pkg.name}|${pkg.folder})\`\\]`));
    }
  });
});

describe("each package's README", () => {
  // The packages with product folders, and the list in their README.
  const products = [
    { folder: 'packages/hooks', list: 'products' },
    { folder: 'packages/ui-unstyled', list: 'products' },
    { folder: 'packages/ui-default', list: 'product styles' },
    { folder: 'apps/provider', list: 'products' },
  ];

  test.each(products)('$folder: lists every folder of src/products/, and no other', ({ folder, list }) => {
    const listed = listedProductFolders(markedList(`${folder}/README.md`, list));
    expect(sorted(listed)).toEqual(sorted(productFolders(folder)));
  });

  test("the provider's lists every key of its registry, and no other", () => {
    const keys = arrayValues('apps/provider/src/products/registry.ts', 'PROVIDER_PRODUCTS', 'key');
    const list = markedList('apps/provider/README.md', 'products');
    const listed = [...list.matchAll(/^\|[^|]*\(`([A-Za-z]+)`\)/gm)].map((match) => match[1]!);
    expect(sorted(listed)).toEqual(sorted(keys));
  });

  test("the hooks' and the unstyled kit's name every key of their registry (config.products)", () => {
    const keys = objectKeys('packages/hooks/src/products/registry.ts', 'SIGN_IN_PRODUCTS');
    expect(sorted(objectKeys('packages/ui-unstyled/src/products/registry.ts', 'PRODUCT_KITS'))).toEqual(sorted(keys));
    for (const folder of ['packages/hooks', 'packages/ui-unstyled']) {
      const listed = listedProductFolders(markedList(`${folder}/README.md`, 'products'));
      expect(
        keys.filter((key) => !listed.includes(key)),
        folder,
      ).toEqual([]);
    }
  });

  test("the SDK's lists every namespace the client loads on first call, and no other", () => {
    // `LazyNamespace` (client.ts): the products' namespaces (the registry's `ProductNamespace`, which its
    // `RegistryIsComplete` check ties to the list's keys) and the core's string literals.
    const namespaces = [
      ...typeLiterals('packages/sdk/src/products/registry.ts', 'ProductNamespace'),
      ...typeLiterals('packages/sdk/src/client.ts', 'LazyNamespace'),
    ];
    const listed = [...markedList('packages/sdk/README.md', 'lazy namespaces').matchAll(/'(\w+)'/g)].map((m) => m[1]!);
    expect(sorted(listed)).toEqual(sorted(namespaces));
  });
});
