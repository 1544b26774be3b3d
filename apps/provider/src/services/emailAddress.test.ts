import { describe, expect, it } from 'vitest';
import { canonicalEmail } from './emailAddress';

describe('canonicalEmail', () => {
  it.each([
    ['  Ada@Example.COM ', 'ada@example.com'],
    // Full-width letters, a decomposed accent and the A-label name the domain mail reaches: one spelling.
    ['ada@\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com', 'ada@example.com'],
    ['ada@exa\u0308mple.de', 'ada@ex\u00e4mple.de'],
    ['ada@xn--exmple-cua.de', 'ada@ex\u00e4mple.de'],
    ['ada@EX\u00c4MPLE.de', 'ada@ex\u00e4mple.de'],
    ['ivan@xn--e1afmkfd.xn--p1ai', 'ivan@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444'],
    // The local part in NFC: a decomposed é is the precomposed one.
    ['jose\u0301@example.com', 'jos\u00e9@example.com'],
    // A Unicode domain holding a character a stored address may not (the Catalan middle dot) stays in ASCII.
    ['pau@col\u00b7legi.cat', 'pau@xn--collegi-xma.cat'],
    ['pau@xn--collegi-xma.cat', 'pau@xn--collegi-xma.cat'],
    // A domain IDNA refuses, or maps to no host name (assertEmail refuses the latter), is kept as written.
    ['ada@xn--zz.com', 'ada@xn--zz.com'],
    ['ada@x\u2477y.com', 'ada@x\u2477y.com'],
  ])('%j is stored as %j', (email, canonical) => {
    expect(canonicalEmail(email)).toBe(canonical);
  });
});
