// The start-up line's name of the database: it lands in logs, so it must never carry a password, wherever the URL
// puts one (user information, the `password` or `sslpassword` query parameters, a fragment).
import { describe, expect, it } from 'vitest';
import { describeDatabase } from '../src/cli';

describe('describeDatabase', () => {
  it.each([
    ['postgres://u@h/db?password=s3cret', 'postgres postgres://h/db'],
    ['postgres://u@h:5432/db?sslmode=require&sslpassword=s3cret', 'postgres postgres://h:5432/db'],
    ['postgresql://u:s3cret@db.internal:6543/latchkey', 'postgres postgresql://db.internal:6543/latchkey'],
    ['postgres://u:s3cret@h/db?password=s3cret#s3cret', 'postgres postgres://h/db'],
    ['postgres://s3cret@[::1]:5432/db', 'postgres postgres://[::1]:5432/db'],
    ['postgres://h/db?options=-c%20search_path%3Ds3cret', 'postgres postgres://h/db'],
  ])('names %s by protocol, host and path only', (target, described) => {
    expect(describeDatabase(target)).toBe(described);
    expect(describeDatabase(target)).not.toContain('s3cret');
  });

  it('names a SQLite file by its path, and an unparsable URL by its kind only', () => {
    expect(describeDatabase('.data/provider.sqlite')).toBe('sqlite .data/provider.sqlite');
    expect(describeDatabase(':memory:')).toBe('sqlite :memory:');
    expect(describeDatabase('postgres://u:s3cret@[bad/db')).toBe('postgres');
  });
});
