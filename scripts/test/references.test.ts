// What the code and the READMEs cite must be readable by whoever has the repository or a published package: a
// section sign (`§`) cites an outside standard (an RFC, an OpenID specification, WebAuthn …), named just before it,
// and nothing points at the documents the project was specified in, which are not part of the repository. A rule
// those documents gave is said in place, in the project's own words, or in the README of the package it belongs to.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../published-packages.mjs';

/** The names of outside standards a `§` may follow. */
const STANDARD =
  /\b(RFC ?\d{3,5}|OpenID|OIDC|Connect Core|Core|Discovery|Registration|Session Management|Logout( 1\.0)?|WebAuthn|OAuth 2\.\d|FAPI|CIBA|JWT|JWS|JWK|JWA|JOSE|BCP ?\d+|HTML|Fetch|URL Standard|WHATWG|ECMAScript|EIP-?\d+|CAIP-?\d+|SIWE|ERC-?\d+)\b/;

/** A citation of the project's own specification documents: `spec §4`, `contract.md §12`, `widget §2` … */
const OWN_SECTION =
  /\b(spec|specs|specification|contract|widget|idp|sdk-and-idp|style|security|architecture)(\.md)?\s*§/i;

/** A mention of those documents by file name or path. */
const OWN_DOCUMENT = /\b(contract|widget|sdk-and-idp|security|style|architecture)\.md\b|\.\.\/shared\/(spec|design)\b/;

/** How far back (in characters, across line breaks) the standard's name may be: `RFC 6749 §4.1.2.1 and §10.12`. */
const LOOK_BACK = 120;

/** The repository's tracked text files that ship or document code: sources, tests, scripts and Markdown. */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', 'packages', 'apps', 'scripts', 'examples', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|html|json)$/.test(file))
    .filter((file) => !file.endsWith('package-lock.json') && file !== 'scripts/test/references.test.ts');
}

/** Each line of a text with a `§` that is not an outside standard's or a mention of those documents: `n: line`. */
function unreadableCitations(text: string): string[] {
  const found = new Set<string>();
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/§/g)) {
    const before = text.slice(Math.max(0, match.index - LOOK_BACK), match.index);
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const sameLine = text.slice(lineStart, match.index);
    const ownCitation = OWN_SECTION.test(`${sameLine.slice(-40)}§`);
    if (ownCitation || !STANDARD.test(before)) {
      const lineEnd = text.indexOf('\n', match.index);
      found.add(`${lineOf(match.index)}: ${text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim()}`);
    }
  }
  for (const match of text.matchAll(new RegExp(OWN_DOCUMENT, 'g'))) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const lineEnd = text.indexOf('\n', match.index);
    found.add(`${lineOf(match.index)}: ${text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim()}`);
  }
  return [...found];
}

describe('citations a reader of the repository can follow', () => {
  test('a § cites an outside standard, and no file points at the unpublished specification', () => {
    const offenders: Record<string, string[]> = {};
    for (const file of trackedFiles()) {
      const found = unreadableCitations(readFileSync(join(ROOT, file), 'utf8'));
      if (found.length > 0) offenders[file] = found;
    }
    expect(offenders).toEqual({});
  });

  test('the check finds a citation of the specification and lets a standard through (it works)', () => {
    expect(unreadableCitations('// Spec §2: shown when both are configured.')).toHaveLength(1);
    expect(unreadableCitations('/** contract.md §12.5 */')).toHaveLength(1);
    expect(unreadableCitations('see security.md')).toHaveLength(1);
    expect(unreadableCitations('// the widget §4 table')).toHaveLength(1);
    expect(unreadableCitations('// RFC 6749 §4.1.2.1 and §10.12, then OpenID Connect Core §3.1.2.6')).toEqual([]);
    expect(unreadableCitations('(RFC 7636\n// §4.4.1)')).toEqual([]);
    expect(unreadableCitations("import { x } from '../shared/screenContext';")).toEqual([]);
    expect(unreadableCitations('see ../shared/spec/widget.md')).toHaveLength(1);
  });
});
