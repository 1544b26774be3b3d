import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';
import { bundleStylesheet, inlineCss, MODULE_ENTRIES, packageBuild, preserveModules } from '../../tsup.config.base';
import { buildBrowserModule } from './browser.build.mjs';

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
        await buildBrowserModule();
      },
    },
  ),
);
