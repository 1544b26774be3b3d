// The client entry points keep 'use client' in the built output (tsup.config.base.ts, restoreUseClient). Reads the
// dist of whatever was built (`npm run build`); builds nothing, so a package not built yet is skipped.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const packages = fileURLToPath(new URL('../../packages/', import.meta.url));

describe.each(['hooks', 'ui-unstyled', 'ui-default'])('@latchkey/%s', (name) => {
  const dist = `${packages}${name}/dist/`;
  test.skipIf(!existsSync(`${dist}index.js`))("dist/index.js and index.cjs start with 'use client'", () => {
    for (const file of ['index.js', 'index.cjs']) {
      expect(readFileSync(`${dist}${file}`, 'utf8')).toMatch(/^['"]use client['"];/);
    }
  });
});
