import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';
import { bundleStylesheet, inlineCss, MODULE_ENTRIES, packageBuild, preserveModules } from '../../tsup.config.base';
import { buildBrowserModule } from './browser.build.mjs';

/**
 * The same stylesheet in parts, for a page that imports only what it configures: dist/base.css and
 * dist/products/<productKey>.css for each product folder src/styles.css imports (the sign-in's products and second
 * factors; the identity provider's rules are identity-provider.css). base.css plus the products' files, in
 * styles.css's order, are styles.css's rules (stylesText.test.ts checks it).
 */
async function writePartStylesheets() {
  await writeFile('dist/base.css', await bundleStylesheet('src/base.css'));
  await mkdir('dist/products', { recursive: true });
  const imported = (await readFile('src/styles.css', 'utf8')).matchAll(
    /@import "\.\/products\/([^/]+)\/styles\.css";/g,
  );
  for (const [, key] of imported) {
    await writeFile(`dist/products/${key}.css`, await bundleStylesheet(`src/products/${key}/styles.css`));
  }
}

// One output file per source file, so an app's bundler tree-shakes and code-splits this package file by file
// (tsup.config.base.ts, preserveModules). `stylesText` gets the stylesheet's text (inlineCss), and the published
// dist/styles.css is src/styles.css with its base and product files inlined: one file, no @import (and
// dist/identity-provider.css the consent screens' rules, kept out of it).
// Then the browser module, dist/browser/latchkey.js: src/browser.ts (not one of the per-file entries) bundled by
// esbuild from the files just built, React and every dependency included (browser.build.mjs).
export default defineConfig(
  packageBuild(
    {},
    {
      entry: [...MODULE_ENTRIES, '!src/browser.ts'],
      esbuildPlugins: [inlineCss(), preserveModules()],
      external: ['react', 'react-dom'],
      async onSuccess() {
        await writeFile('dist/styles.css', await bundleStylesheet('src/styles.css'));
        await writeFile('dist/identity-provider.css', await bundleStylesheet('src/identity-provider.css'));
        await writePartStylesheets();
        await buildBrowserModule();
      },
    },
  ),
);
