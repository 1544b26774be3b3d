import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';
import { bundleStylesheet, inlineCss, MODULE_ENTRIES, packageBuild, preserveModules } from '../../tsup.config.base';

// One output file per source file, so an app's bundler tree-shakes and code-splits this package file by file
// (tsup.config.base.ts, preserveModules). `stylesText` gets the stylesheet's text (inlineCss), and the published
// dist/styles.css is src/styles.css with its base and product files inlined: one file, no @import.
export default defineConfig(
  packageBuild(
    {},
    {
      entry: MODULE_ENTRIES,
      esbuildPlugins: [inlineCss(), preserveModules()],
      external: ['react', 'react-dom'],
      async onSuccess() {
        await writeFile('dist/styles.css', await bundleStylesheet('src/styles.css'));
      },
    },
  ),
);
