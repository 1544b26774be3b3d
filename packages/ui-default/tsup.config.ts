import { defineConfig } from 'tsup';
import { MODULE_ENTRIES, packageBuild, preserveModules } from '../../tsup.config.base';

// One output file per source file, so an app's bundler tree-shakes and code-splits this package file by file
// (tsup.config.base.ts, preserveModules).
export default defineConfig(
  packageBuild({}, { entry: MODULE_ENTRIES, esbuildPlugins: [preserveModules()], external: ['react', 'react-dom'] }),
);
