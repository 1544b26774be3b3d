// `account_reset` of an authenticate answer (passcode, magic link, password reset by email): what the provider's
// pre-hijacking reset removed when the user proved an address nobody had proved before. The flow hooks store it
// (`formState.accountReset`) so the success screen can say what was removed and why.
import type { AccountReset, AccountResetItem } from '@latchkey/sdk';
import { PRODUCT_ACCOUNT_RESET_ITEMS } from './products/accountResetItems';

/** Every item, in the contract's order: the products' (products/accountResetItems.ts), then the account's own. */
const ITEMS: readonly AccountResetItem[] = [
  ...PRODUCT_ACCOUNT_RESET_ITEMS,
  'emails',
  'phone_numbers',
  'sessions',
  'connected_apps',
];

/**
 * The answer's `account_reset`, checked (an identifier and at least one known item, in the contract's order), or
 * undefined when there is none or it is malformed.
 */
export function accountResetOf(answer: unknown): AccountReset | undefined {
  const field = (answer as { account_reset?: unknown } | null | undefined)?.account_reset;
  if (typeof field !== 'object' || field === null) return undefined;
  const { identifier, removed } = field as { identifier?: unknown; removed?: unknown };
  if (typeof identifier !== 'string' || !Array.isArray(removed)) return undefined;
  const items = ITEMS.filter((item) => removed.includes(item));
  return items.length === 0 ? undefined : { identifier, removed: items };
}
