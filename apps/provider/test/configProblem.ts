// The configuration tests' helper (src/config.test.ts and each product's config.test.ts).
import { parseConfig } from '../src/config';

/** The message parseConfig throws for `input`. */
export function configProblem(input: unknown): string {
  try {
    parseConfig(input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Expected parseConfig to refuse the configuration');
}
