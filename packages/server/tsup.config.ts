import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.config.base';

// Servers and edge runtimes alike: nothing but fetch, URL and Headers at runtime, so no platform's built-ins.
export default defineConfig(packageBuild({ index: 'src/index.ts' }, { platform: 'neutral' }));
