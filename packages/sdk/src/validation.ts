// The argument checks of the public methods. In the first load (`createClient` checks its arguments); the lazily
// loaded namespaces receive `validate` from the core at run time (internal/shared.ts) and import only its types, so
// the page's bundler never makes this file a chunk of its own.
import { UsageError } from './errors';
import { isPlainObject } from './internal/isPlainObject';

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array of strings';

function matches(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array of strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

/**
 * Argument checks that run in every build, production included. Each failure throws
 * `UsageError('Invalid call to {method}: {name} must be a {kind}')`.
 *
 *   validate('otps.authenticate').isString('code', code).isNumber('session_duration_minutes', minutes);
 */
export class Validator {
  constructor(private readonly method: string) {}

  private check(kind: Kind, name: string, value: unknown, optional: boolean): this {
    if (optional && value === undefined) return this;
    if (!matches(kind, value)) {
      const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
      throw new UsageError(this.method, `${name} must be ${article} ${kind}`);
    }
    return this;
  }

  isString(name: string, value: unknown): this {
    return this.check('string', name, value, false);
  }
  isOptionalString(name: string, value: unknown): this {
    return this.check('string', name, value, true);
  }
  isNumber(name: string, value: unknown): this {
    return this.check('number', name, value, false);
  }
  isOptionalNumber(name: string, value: unknown): this {
    return this.check('number', name, value, true);
  }
  isBoolean(name: string, value: unknown): this {
    return this.check('boolean', name, value, false);
  }
  isOptionalBoolean(name: string, value: unknown): this {
    return this.check('boolean', name, value, true);
  }
  isObject(name: string, value: unknown): this {
    return this.check('object', name, value, false);
  }
  isOptionalObject(name: string, value: unknown): this {
    return this.check('object', name, value, true);
  }
  isStringArray(name: string, value: unknown): this {
    return this.check('array of strings', name, value, false);
  }
  isOptionalStringArray(name: string, value: unknown): this {
    return this.check('array of strings', name, value, true);
  }
  /** A rule of its own, with its own reason. */
  rule(condition: boolean, reason: string): this {
    if (!condition) throw new UsageError(this.method, reason);
    return this;
  }
}

/** Starts the argument checks of one public method. */
export function validate(method: string): Validator {
  return new Validator(method);
}

/** The spec's email pattern: local part, @, a domain with a dot and a TLD of at least 2 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** E.164: a plus sign and 1 to 15 digits, the first not zero. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
