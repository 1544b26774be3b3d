// The sample's SDK half: the namespace `client.securityQuestions` (its registry line: ./registry.ts).
import type { LatchkeyClient } from '@latchkey/sdk';
import type { SecurityQuestionsNamespace } from './securityQuestions';

export type * from './securityQuestions';

/**
 * `client.securityQuestions`, typed. TODO(open type ProductNamespace): `LatchkeyClient` lists the closed union of the
 * real namespaces; once the SDK's namespaces are open by declaration merging, `client.securityQuestions` is typed
 * and this accessor goes.
 */
export function securityQuestionsOf(client: LatchkeyClient): SecurityQuestionsNamespace {
  return (client as unknown as { securityQuestions: SecurityQuestionsNamespace }).securityQuestions;
}
