// @vitest-environment node
// What the SDK core puts in a page's first load: a page that only creates the client, bundled by esbuild from this
// package's sources as an app's bundler does it (minified, ESM, code splitting), first load = the entry chunk and
// what it imports statically. Code a page needs only once something happens (a PKCE flow, a token in the URL, a
// session to refresh) loads later, in chunks of its own. The bootstrap answer's mapping stays in the core: loaded
// apart, it was one more request before the first input of every sign-in page.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));
const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));

interface FirstLoad {
  /** This package's files that put bytes in the first load (path from `src/`). */
  files: string[];
  /** The first load's code, every file joined. */
  code: string;
  /** The sum of each file's gzip -9 size. */
  gzip: number;
  /** How many files (each compressed apart, each one more request). */
  chunks: number;
}

async function firstLoadOfCreateClient(): Promise<FirstLoad> {
  const result = await build({
    stdin: {
      contents: `import { createClient } from ${JSON.stringify(INDEX)};\nwindow.client = createClient('public-token-test-x', {});`,
      resolveDir: SRC,
      loader: 'ts',
      sourcefile: 'entry.js',
    },
    bundle: true,
    splitting: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    absWorkingDir: SRC,
    outdir: 'first-load',
    packages: 'external',
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const texts = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === 'entry.js');
  const seen = new Set<string>();
  const queue = entry ? [entry] : [];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
    }
  }
  const files = new Set<string>();
  let code = '';
  let gzip = 0;
  for (const path of seen) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]?.inputs ?? {})) {
      if (bytesInOutput > 0 && input !== 'entry.js') files.add(input);
    }
    const text = texts.get(resolve(SRC, path)) ?? '';
    code += text;
    gzip += gzipSync(text, { level: 9 }).length;
  }
  return { files: [...files].sort(), code, gzip, chunks: seen.size };
}

let core: FirstLoad;
beforeAll(async () => {
  core = await firstLoadOfCreateClient();
}, 60_000);

describe('the SDK core (a page that only calls createClient)', () => {
  it('has no PKCE code (the public helpers load it on call)', () => {
    expect(core.files).not.toContain('internal/pkce.ts');
    expect(core.code).not.toContain('SHA-256');
  });

  it("has none of the sign-in methods' warnings (each lazily loaded namespace writes its own)", () => {
    expect(core.code).not.toContain('conditional mediation');
    expect(core.code).not.toContain('autocomplete="username webauthn"');
    expect(core.code).not.toContain('No PKCE verifier found');
  });

  it('authenticates a token of the page URL with code loaded on the first authenticateByUrl', () => {
    expect(core.files).not.toContain('products/redirectAuthenticate.ts');
    expect(core.code).not.toContain('impersonation_token');
  });

  it("maps a failed request with code loaded on the first failure, not the success path's", () => {
    expect(core.files).not.toContain('internal/requestFailure.ts');
    expect(core.code).not.toContain('Captcha required');
    // The success path stays: a 2xx with a `{data: {…}}` envelope returns `data` without a download.
    expect(core.files).toContain('internal/networkClient.ts');
  });

  it('stays within its budget (gzip -9 per file, summed; issue 28 asks for 8 kB, today about 9.9 kB)', () => {
    expect(core.gzip).toBeLessThanOrEqual(10_000);
  });

  it('is one file: no lazily loaded module imports a module of the first load', () => {
    // A module the core and a lazily loaded chunk both import is a chunk of its own, which the first load imports:
    // the refresh timings, the PKCE helpers and the namespaces' messages each were one, and the error classes with
    // the argument checks were one until 2026-12-01 (1.3 kB gzip, about 0.3 kB of it the names the two files
    // exported to each other). The lazily loaded modules now receive those from the core at run time
    // (internal/shared.ts) and import only its types.
    expect(core.chunks).toBe(1);
  });
});
