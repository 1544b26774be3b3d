// What a password change ends besides the sessions: each product's `afterCredentialChange` (products/descriptor.ts), run
// by every path that sets a password anew, before it revokes the other sessions.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';

/**
 * Ends, in the caller's transaction, what the products say a password change ends (a token that could start a session
 * again without the new password). Run before the sessions are revoked, so a session started from such a token while
 * this runs is revoked with the others.
 */
export async function endWhatACredentialChangeEnds(
  trx: Transaction<Database>,
  userId: string,
  now: number,
): Promise<void> {
  for (const descriptor of PRODUCT_DESCRIPTORS) await descriptor.afterCredentialChange?.(trx, userId, now);
}
