import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Product } from '@latchkey/hooks';
import { describe, expect, it } from 'vitest';
import { identityProviderStylesText } from './products/idp/identityProviderStylesText';
import { stylesText } from './stylesText';

const src = import.meta.dirname;
const read = (file: string) => readFileSync(join(src, file), 'utf8');

/**
 * The CSS without comments, whitespace or the quotes around identifier attribute values (`[data-part="root"]` and
 * `[data-part=root]` are one selector): what a browser reads, whichever tool inlined the imports.
 */
const rules = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/=(["'])([A-Za-z_][\w-]*)\1\]/g, '=$2]');

/** An `@import` statement (the stylesheets' comments may mention the word). */
const IMPORT = /@import\s*["'u]/;

/**
 * The products whose screens the default kit styles, in styles.css's order (ui-unstyled's registry: the sign-in's
 * products, then the second factors; scripts/generate-kit-lists.mjs writes it), each with its folder (the widget's `config.products` keys, and
 * `totp`: the multi-factor screens and <TotpEnrollment>, and `idp`: <IdentityProvider>'s screens, which no
 * `config.products` key names).
 */
const STYLED_PRODUCTS = [
  'emailMagicLinks',
  'otp',
  'passwords',
  'passkeys',
  'oauth',
  'crypto',
  'totp',
  'idp',
] as const satisfies readonly (Product | 'totp' | 'idp')[];

/** Those in styles.css: every one but the identity provider's (identity-provider.css). */
const SIGN_IN_STYLED = STYLED_PRODUCTS.filter((product) => product !== 'idp');

/**
 * What the package build writes to dist/styles.css: `bundleStylesheet('src/styles.css')` of tsup.config.base.ts. It
 * runs in a child process because esbuild refuses jsdom's TextEncoder (and a node-environment file would share this
 * package's jsdom set-up).
 */
function publishedStylesheet(entry = 'styles.css', options: { minifyWhitespace?: boolean } = {}): string {
  const base = join(src, '../../../tsup.config.base.ts');
  const script = `const { bundleStylesheet } = await import(${JSON.stringify(base)});
process.stdout.write(await bundleStylesheet(${JSON.stringify(join(src, entry))}, ${JSON.stringify(options)}));`;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: join(src, '..'),
  });
}

describe('the stylesheet', () => {
  it('has one folder per styled product, each imported by styles.css after base.css', () => {
    const folders = readdirSync(join(src, 'products'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...STYLED_PRODUCTS].sort());
    const imports = [...read('styles.css').matchAll(/@import\s+"([^"]+)";/g)].map((match) => match[1]);
    expect(imports).toEqual(['./base.css', ...SIGN_IN_STYLED.map((product) => `./products/${product}/styles.css`)]);
    // The consent screens' rules are a stylesheet of their own, so a sign-in page does not download them.
    const idpImports = [...read('identity-provider.css').matchAll(/@import\s+"([^"]+)";/g)].map((match) => match[1]);
    expect(idpImports).toEqual(['./products/idp/styles.css']);
  });

  it('gives the shadow roots styles.css with every import inlined, in order, and no @import left', () => {
    expect(stylesText).not.toMatch(IMPORT);
    const parts = ['base.css', ...SIGN_IN_STYLED.map((product) => `products/${product}/styles.css`)];
    expect(rules(stylesText)).toBe(parts.map((part) => rules(read(part))).join(''));
    expect(identityProviderStylesText).not.toMatch(IMPORT);
    expect(rules(identityProviderStylesText)).toBe(rules(read('products/idp/styles.css')));
  });

  it('is the same stylesheet as the published styles.css (the build bundles src/styles.css with esbuild)', () => {
    const published = publishedStylesheet();
    expect(published).not.toMatch(IMPORT);
    expect(rules(published)).toBe(rules(stylesText));
    expect(rules(publishedStylesheet('identity-provider.css'))).toBe(rules(identityProviderStylesText));
  });

  it("gives the package build's shadow-root text (`?inline`) the same rules, without comments or formatting", () => {
    for (const entry of ['styles.css', 'identity-provider.css']) {
      const published = publishedStylesheet(entry);
      const inline = publishedStylesheet(entry, { minifyWhitespace: true });
      expect(inline).not.toMatch(IMPORT);
      expect(inline).not.toContain('/*');
      expect(inline.trim()).not.toContain('\n');
      expect(inline.length).toBeLessThan(published.length * 0.9);
      // The same declarations, in the same order (a block's last `;` is optional).
      expect(rules(inline)).toBe(rules(published).replaceAll(';}', '}'));
    }
  });

  it('is published in parts too: base.css and one file per product, which are styles.css together', () => {
    // Through the package's exports, as a page imports them (`@latchkey/ui-default/products/otp.css`).
    const resolve = createRequire(import.meta.url).resolve;
    const published = (subpath: string) => readFileSync(resolve(`@latchkey/ui-default/${subpath}`), 'utf8');
    const parts = ['base.css', ...SIGN_IN_STYLED.map((product) => `products/${product}.css`)].map(published);
    for (const part of parts) expect(part).not.toMatch(IMPORT);
    expect(parts.map(rules).join('')).toBe(rules(stylesText));
    expect(rules(published('products/otp.css'))).toBe(rules(read('products/otp/styles.css')));
  });
});
