import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startRangeApi } from '../../../test/startRangeApi';
import { expectedLuds, PASSPHRASE, REPEATED, strengthResult } from '../../../test/strengthResult';
import { ProviderError } from '../../http/errors';
import { BREACH_RANGE_TIMEOUT_MS, isOnShippedBreachList, queryBreachRangeApi } from './breachedPasswords';
import {
  assertAcceptablePassword,
  assertPasswordLength,
  BREACHED_PASSWORD_WARNING,
  checkPasswordStrength,
  ludsRequirements,
  passwordLength,
} from './passwordStrength';

const zxcvbnProject = { passwordPolicy: { type: 'zxcvbn' as const }, breachRangeApiUrl: null };
const ludsProject = (complexity: number, minimumCount: number) => ({
  passwordPolicy: { type: 'luds' as const, complexity, minimumCount },
  breachRangeApiUrl: null,
});

function sha1(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

/** `ascii` typed in full-width forms (U+FF01–U+FF5E), which NFKC folds back to ASCII. */
function fullWidth(ascii: string): string {
  return ascii.replace(/[!-~]/g, (char) => String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0));
}

describe('zxcvbn policy', () => {
  it('accepts a long passphrase and reports every field of the result', async () => {
    expect(await checkPasswordStrength(zxcvbnProject, PASSPHRASE.password)).toEqual(PASSPHRASE.result);
  });

  it('refuses a guessable password and passes on zxcvbn’s warning and suggestions', async () => {
    expect(await checkPasswordStrength(zxcvbnProject, REPEATED.password)).toEqual(REPEATED.result);
  });

  it('treats the email address and its local part as guessable', async () => {
    const alone = await checkPasswordStrength(zxcvbnProject, 'alicewonderland2024');
    expect(alone.valid_password).toBe(true);
    expect(alone.score).toBe(3);
    const withEmail = await checkPasswordStrength(zxcvbnProject, 'alicewonderland2024', 'AliceWonderland@example.com');
    expect(withEmail.valid_password).toBe(false);
    expect(withEmail.score).toBe(1);
    expect(withEmail.feedback.warning).toBe('There should not be any personal or page related data.');
  });

  it('never accepts fewer than 8 characters and says why', async () => {
    const result = await checkPasswordStrength(zxcvbnProject, 'jT9#kq2');
    expect(result.valid_password).toBe(false);
    expect(result.feedback.warning).toBe('Password must be at least 8 characters long.');
    expect(result.feedback.suggestions).toContain('Use at least 8 characters.');
    expect(result.feedback.luds_requirements.missing_characters).toBe(1);
  });

  it('accepts a score of exactly 3 with 8 or more characters', async () => {
    const result = await checkPasswordStrength(zxcvbnProject, 'xK7$mP2@wQ');
    expect(result.score).toBe(3);
    expect(result.valid_password).toBe(true);
  });
});

describe('LUDS policy', () => {
  it('counts missing characters and missing character classes, and fills every requirement', async () => {
    expect(await checkPasswordStrength(ludsProject(3, 10), 'correct horse')).toEqual(
      strengthResult('luds', false, expectedLuds({ lower: true, symbol: true }, { complexity: 1 })),
    );
    expect((await checkPasswordStrength(ludsProject(4, 12), 'abc')).feedback.luds_requirements).toEqual(
      expectedLuds({ lower: true }, { characters: 9, complexity: 3 }),
    );
  });

  it('is valid exactly when nothing is missing, whatever zxcvbn thinks of the password', async () => {
    const result = await checkPasswordStrength(ludsProject(3, 10), 'Password1!');
    expect(result.valid_password).toBe(true);
    expect(result.score).toBe(1);
    expect(result.feedback.luds_requirements.missing_characters).toBe(0);
    expect(result.feedback.luds_requirements.missing_complexity).toBe(0);
    expect((await checkPasswordStrength(ludsProject(3, 11), 'Password1!')).valid_password).toBe(false);
    expect((await checkPasswordStrength(ludsProject(4, 10), 'Password12')).valid_password).toBe(false);
  });

  it('recognises Unicode letters, treats spaces and punctuation as symbols and counts code points', () => {
    expect(ludsRequirements('ÄÖÜäöü 😀', { complexity: 4, minimumCount: 8 })).toEqual(
      expectedLuds({ lower: true, symbol: true, upper: true }, { complexity: 1 }),
    );
    expect(passwordLength('😀'.repeat(8))).toBe(8);
    expect(ludsRequirements('😀'.repeat(7), { complexity: 1, minimumCount: 8 }).missing_characters).toBe(1);
  });

  it('never accepts a breached password even when it meets the LUDS rules', async () => {
    const result = await checkPasswordStrength(ludsProject(1, 8), 'password1');
    expect(result.feedback.luds_requirements.missing_complexity).toBe(0);
    expect(result.feedback.luds_requirements.missing_characters).toBe(0);
    expect(result.breached_password).toBe(true);
    expect(result.valid_password).toBe(false);
    expect(result.feedback.warning).toBe(BREACHED_PASSWORD_WARNING);
  });
});

describe('length limits', () => {
  it('accepts 256 characters and refuses 257 with password_too_long, counting code points', () => {
    expect(() => assertPasswordLength('a'.repeat(256))).not.toThrow();
    expect(() => assertPasswordLength('😀'.repeat(256))).not.toThrow();
    for (const tooLong of ['a'.repeat(257), '😀'.repeat(257), 'a'.repeat(100_000)]) {
      let caught: unknown;
      try {
        assertPasswordLength(tooLong);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ProviderError);
      expect((caught as ProviderError).errorType).toBe('password_too_long');
    }
  });
});

describe('breached passwords', () => {
  it('finds passwords of the shipped breach list whatever their letter case', async () => {
    for (const password of ['password1', 'PASSWORD1', 'PassWord1', 'iloveyou', 'qwertyuiop']) {
      expect(isOnShippedBreachList(password)).toBe(true);
      const result = await checkPasswordStrength(zxcvbnProject, password);
      expect(result.breached_password).toBe(true);
      expect(result.valid_password).toBe(false);
      expect(result.feedback.warning).toBe(BREACHED_PASSWORD_WARNING);
    }
    expect(isOnShippedBreachList('correct horse battery staple')).toBe(false);
  });

  it('asks the range API with only the first five SHA-1 hex digits and reports a hit', async () => {
    const password = 'dragonfly-marmalade-41';
    const digest = sha1(password);
    const api = await startRangeApi((_request, response) => {
      response.end(
        `0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${digest.slice(5)}:42\r\nFFFF0000000000000000000000000000000:3\r\n`,
      );
    });
    const result = await checkPasswordStrength({ ...zxcvbnProject, breachRangeApiUrl: api.url }, password);
    expect(result.breached_password).toBe(true);
    expect(result.valid_password).toBe(false);
    expect(result.score).toBe(4);
    expect(result.feedback.warning).toBe(BREACHED_PASSWORD_WARNING);
    expect(api.paths).toEqual([`/range/${digest.slice(0, 5)}`]);
    expect(api.paths[0]).toMatch(/^\/range\/[0-9A-F]{5}$/);
  });

  it('treats a missing suffix and a padding line (count 0) as not breached', async () => {
    const password = 'dragonfly-marmalade-41';
    const api = await startRangeApi((_request, response) => {
      response.end(`0018A45C4D1DEF81644B54AB7F969B88D65:1\n${sha1(password).slice(5)}:0\n`);
    });
    expect(await queryBreachRangeApi(api.url, password)).toBe(false);
    expect(await queryBreachRangeApi(api.url, 'another-unlisted-passphrase-77')).toBe(false);
    const result = await checkPasswordStrength({ ...zxcvbnProject, breachRangeApiUrl: api.url }, password);
    expect(result.breached_password).toBe(false);
    expect(result.valid_password).toBe(true);
  });

  it('falls back to the shipped list when the range API fails or is unreachable', async () => {
    const failing = await startRangeApi((_request, response) => {
      response.statusCode = 503;
      response.end('down');
    });
    const closed = await startRangeApi(() => {});
    await closed.close();
    for (const url of [failing.url, closed.url]) {
      expect(await queryBreachRangeApi(url, 'dragonfly-marmalade-41')).toBeNull();
      const strong = await checkPasswordStrength(
        { ...zxcvbnProject, breachRangeApiUrl: url },
        'dragonfly-marmalade-41',
      );
      expect(strong.breached_password).toBe(false);
      expect(strong.valid_password).toBe(true);
      const listed = await checkPasswordStrength({ ...zxcvbnProject, breachRangeApiUrl: url }, 'password1');
      expect(listed.breached_password).toBe(true);
    }
    expect(failing.paths).toHaveLength(2);
  });

  it('gives up on a range API that does not answer within 3 seconds', async () => {
    expect(BREACH_RANGE_TIMEOUT_MS).toBe(3000);
    const hanging = await startRangeApi(() => {});
    const started = Date.now();
    const result = await checkPasswordStrength(
      { ...zxcvbnProject, breachRangeApiUrl: hanging.url },
      'dragonfly-marmalade-41',
    );
    const elapsed = Date.now() - started;
    expect(result.breached_password).toBe(false);
    expect(result.valid_password).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    // Gives up rather than hanging: generous for a loaded machine, far below the hanging server's forever.
    expect(elapsed).toBeLessThan(20_000);
    expect(hanging.paths).toHaveLength(1);
  });
});

describe('the form the hash sees (NFKC)', () => {
  it('rates, counts and finds in the breach list a full-width password as the ASCII one it hashes as', async () => {
    const typed = fullWidth('password123');
    expect(typed).toBe('ｐａｓｓｗｏｒｄ１２３');
    const result = await checkPasswordStrength(zxcvbnProject, typed);
    expect(result).toEqual(await checkPasswordStrength(zxcvbnProject, 'password123'));
    expect(result.breached_password).toBe(true);
    expect(result.valid_password).toBe(false);
    expect(result.feedback.warning).toBe(BREACHED_PASSWORD_WARNING);
    await expect(assertAcceptablePassword(zxcvbnProject, typed)).rejects.toMatchObject({
      errorType: 'breached_password',
    });
    expect(await checkPasswordStrength(ludsProject(3, 10), fullWidth('Password1!'))).toEqual(
      await checkPasswordStrength(ludsProject(3, 10), 'Password1!'),
    );
  });

  it('asks the range API with the SHA-1 prefix of the normalised form', async () => {
    const ascii = 'dragonfly-marmalade-41';
    const digest = sha1(ascii);
    const api = await startRangeApi((_request, response) => {
      response.end(`${digest.slice(5)}:42\n`);
    });
    const result = await checkPasswordStrength({ ...zxcvbnProject, breachRangeApiUrl: api.url }, fullWidth(ascii));
    expect(api.paths).toEqual([`/range/${digest.slice(0, 5)}`]);
    expect(result.breached_password).toBe(true);
    expect(result.valid_password).toBe(false);
  });

  it('refuses a new password that NFKC lengthens past the limit', async () => {
    // U+FDFA is one code point that NFKC spells with 18: 15 of them hash as 270 characters.
    const typed = '\uFDFA'.repeat(15);
    expect(() => assertPasswordLength(typed)).not.toThrow();
    await expect(assertAcceptablePassword(zxcvbnProject, typed)).rejects.toMatchObject({
      errorType: 'password_too_long',
    });
  });
});
