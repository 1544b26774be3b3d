// The client entry points keep 'use client' in the built output (tsup.config.base.ts, restoreUseClient). Reads the
// dist of whatever was built (`npm run build`; .ci/run builds before the tests, so CI always checks it). Locally a
// package not built yet, or built before the build configuration last changed, is skipped rather than failed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const buildConfigChanged = statSync(`${root}tsup.config.base.ts`).mtimeMs;

describe.each(['hooks', 'ui-unstyled', 'ui-default'])('@latchkey/%s', (name) => {
  const dist = `${root}packages/${name}/dist/`;
  const isBuilt = existsSync(`${dist}index.js`) && statSync(`${dist}index.js`).mtimeMs >= buildConfigChanged;
  test.skipIf(!isBuilt && !process.env.CI)("dist/index.js and index.cjs start with 'use client'", () => {
    for (const file of ['index.js', 'index.cjs']) {
      expect(readFileSync(`${dist}${file}`, 'utf8')).toMatch(/^['"]use client['"];/);
    }
  });
});
