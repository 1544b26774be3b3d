// biome-ignore-all lint/correctness/noComponentHookFactories: createAccountResetPart runs once per screen, at module level, never during a render, so each part keeps a stable identity.
// The notice a success screen shows when the provider's pre-hijacking reset removed something (`account_reset` of the
// authenticate answer, kept in `formState.accountReset`): what was removed and why, in plain words, announced to
// screen readers (role=status).
import { useOptionalSignInStore } from '@latchkey/hooks';
import type { AccountReset, AccountResetItem } from '@latchkey/sdk';
import { forwardRef, useSyncExternalStore } from 'react';
import { accountResetMessages } from '../messages/accountReset';
import { type MessageId, type Translate, useMessages } from '../messages/index';
import { productSingularAccountResetItems } from '../messages/productAccountResetMessages';
import { createPart, type PartProps } from '../primitives/createPart';

/**
 * Whether an item is named one by one: every item with a name (`accountReset.item.<item>`: each product's and the
 * account's own addresses); sessions and connected apps get a sentence of their own.
 */
const isListed = (item: AccountResetItem) => Object.hasOwn(accountResetMessages, `accountReset.item.${item}`);

/**
 * The notice's text: 'For your security, we removed a password and an authenticator app that were added to this
 * account before you proved you own ada@example.com.', then what else ended (other devices signed out, apps
 * disconnected).
 */
export function accountResetText(t: Translate, reset: AccountReset): string {
  // In the answer's order (the contract's: the hooks' `accountResetOf` sorts them).
  const listed = reset.removed.filter(isListed);
  const names = listed.map((item) => t(`accountReset.item.${item}` as MessageId));
  const signedOut = reset.removed.includes('sessions');
  const disconnected = reset.removed.includes('connected_apps');
  const sentences: string[] = [];
  if (names.length > 0) {
    const last = names.at(-1) ?? '';
    const items = names.length === 1 ? last : t('accountReset.and', { first: names.slice(0, -1).join(', '), last });
    const one = listed.length === 1 && productSingularAccountResetItems.includes(listed[0] as AccountResetItem);
    sentences.push(
      t(one ? 'accountReset.removedOne' : 'accountReset.removedMany', { items, identifier: reset.identifier }),
    );
    if (signedOut && disconnected) sentences.push(t('accountReset.signedOutAndDisconnected'));
    else if (signedOut) sentences.push(t('accountReset.signedOut'));
    else if (disconnected) sentences.push(t('accountReset.disconnected'));
  } else if (signedOut || disconnected) {
    sentences.push(t('accountReset.endedOnly', { identifier: reset.identifier }));
    if (disconnected) sentences.push(t('accountReset.disconnected'));
  }
  return sentences.join(' ');
}

const noSubscription = () => () => {};

/**
 * What the last sign-in's pre-hijacking reset removed (`formState.accountReset` of the enclosing `<SignIn>`), or
 * null: nothing was, or there is no `<SignIn>` (an example, a story).
 */
export function useAccountReset(): AccountReset | null {
  const store = useOptionalSignInStore();
  const read = () => store?.getState().formState.accountReset ?? null;
  return useSyncExternalStore(store ? store.subscribe : noSubscription, read, read);
}

/**
 * A success screen's notice part (`data-scope="<scope>" data-part="account-reset"`, role status): the text of
 * `formState.accountReset`, or nothing when the sign-in removed nothing.
 */
export function createAccountResetPart(name: string, scope: string) {
  const Part = createPart(scope, 'account-reset', 'p');
  const AccountResetPart = forwardRef<HTMLParagraphElement, PartProps<'p'>>(function AccountResetPart(props, ref) {
    const reset = useAccountReset();
    const t = useMessages(accountResetMessages);
    if (reset === null) return null;
    return (
      <Part role="status" {...props} ref={ref}>
        {props.children ?? accountResetText(t, reset)}
      </Part>
    );
  });
  AccountResetPart.displayName = `${name}AccountReset`;
  return AccountResetPart;
}
