// The client entry points keep 'use client' in the built output (tsup.config.base.ts, restoreUseClient). Reads the
// packages' dist: `npm test` builds them first (scripts/test.mjs), and so does .ci/run.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe.each(['hooks', 'ui-unstyled', 'ui-default'])('@latchkey/%s', (name) => {
  const dist = `${root}packages/${name}/dist/`;
  test("dist/index.js and index.cjs start with 'use client'", () => {
    for (const file of ['index.js', 'index.cjs']) {
      if (!existsSync(`${dist}${file}`)) throw new Error(`packages/${name}/dist/${file} is missing: run npm run build`);
      expect(readFileSync(`${dist}${file}`, 'utf8')).toMatch(/^['"]use client['"];/);
    }
  });
});
