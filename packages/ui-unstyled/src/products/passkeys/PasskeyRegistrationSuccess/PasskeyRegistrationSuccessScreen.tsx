import type { WebAuthnRegistration } from '@latchkey/sdk';
import { type ForwardedRef, forwardRef, useEffect, useId, useRef } from 'react';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import { createScreen } from '../../../screens/shared/screenParts';
import { SessionVerification } from '../../totp/SessionVerification/SessionVerification';
import { passkeyMessages } from '../messages';
import {
  type UsePasskeyRegistrationSuccessScreenReturn,
  usePasskeyRegistrationSuccessScreen,
} from './usePasskeyRegistrationSuccessScreen';

export * from './usePasskeyRegistrationSuccessScreen';

const SCOPE = 'passkey-registration-success';
const { Provider, useScreenContext } = createScreenContext<UsePasskeyRegistrationSuccessScreenReturn>(
  'PasskeyRegistrationSuccessScreen',
);
const List = createPart(SCOPE, 'list', 'ul');
const Item = createPart(SCOPE, 'item', 'li');
const Details = createPart(SCOPE, 'details', 'span');
const Name = createPart(SCOPE, 'name', 'span');
const Created = createPart(SCOPE, 'created', 'time');
const Title = createPart(SCOPE, 'title', 'h2');
const ListTitle = createPart(SCOPE, 'list-title', 'p');
const Empty = createPart(SCOPE, 'empty', 'p');
const RenameForm = createPart(SCOPE, 'rename-form', 'form');
const NameLabel = createPart(SCOPE, 'name-label', 'label');
const NameInput = createPart(SCOPE, 'name-input', 'input');
const Button = createPart(SCOPE, 'button', 'button');
const Actions = createPart(SCOPE, 'actions', 'div');

/** Provides the screen's state (`usePasskeyRegistrationSuccessScreen()`, or a fixed value) to its parts. */
export const PasskeyRegistrationSuccessScreenProvider = Provider;

/** The screen's container (`data-scope="passkey-registration-success" data-part="root"`). */
export const PasskeyRegistrationSuccessScreenRoot = createPart(SCOPE, 'root', 'div');

/**
 * The heading: 'Passkey successfully created!' (`data-created`) while the passkey just created is listed;
 * otherwise (after 'Skip', or once that passkey is deleted) 'Existing Passkeys'.
 */
export const PasskeyRegistrationSuccessScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(
  function PasskeyRegistrationSuccessScreenTitle(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    return (
      <Title tabIndex={-1} data-created={screen.isCreated ? '' : undefined} {...props} ref={ref}>
        {props.children ??
          t(screen.isCreated ? 'passkeyRegistrationSuccess.title' : 'passkeyRegistrationSuccess.existing')}
      </Title>
    );
  },
);

/** 'Existing Passkeys' (`data-part="list-title"`) under 'Passkey successfully created!' (the heading says it otherwise). */
export const PasskeyRegistrationSuccessScreenListTitle = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function PasskeyRegistrationSuccessScreenListTitle(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    if (!screen.isCreated) return null;
    return (
      <ListTitle {...props} ref={ref}>
        {props.children ?? t('passkeyRegistrationSuccess.existing')}
      </ListTitle>
    );
  },
);

/** 'You have no passkeys yet.' (`data-part="empty"`) once the list is loaded and empty. */
export const PasskeyRegistrationSuccessScreenEmpty = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function PasskeyRegistrationSuccessScreenEmpty(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    if (!screen.isEmpty) return null;
    return (
      <Empty {...props} ref={ref}>
        {props.children ?? t('passkeyRegistrationSuccess.empty')}
      </Empty>
    );
  },
);

/** 'Once deleted, the passkey cannot be restored.' (`data-part="warning"`, role alert) while a delete is pending. */
export const PasskeyRegistrationSuccessScreenWarning = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function PasskeyRegistrationSuccessScreenWarning(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    if (screen.warning === null) return null;
    return (
      <p data-scope={SCOPE} data-part="warning" role="alert" {...props} ref={ref}>
        {props.children ?? t('passkeyRegistrationSuccess.warning')}
      </p>
    );
  },
);

/** One button of the screen (`data-part="button"`, `data-action` names it). */
function ActionButton({ action, onPress, ...props }: PartProps<'button'> & { action: string; onPress: () => void }) {
  return (
    <Button type="button" data-action={action} {...props} onClick={composeEventHandlers(props.onClick, onPress)} />
  );
}

/** The inline editor of a passkey's name: 'Passkey name', 'Save', 'Cancel'. */
function PasskeyNameEditor({ passkey }: { passkey: WebAuthnRegistration }) {
  const screen = useScreenContext();
  const t = useMessages(passkeyMessages);
  const inputId = useId();
  return (
    <RenameForm
      onSubmit={(event) => {
        event.preventDefault();
        const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
        if (name === '' || name === passkey.name) screen.cancelRename();
        else screen.rename(passkey.webauthn_registration_id, name);
      }}
    >
      <NameLabel htmlFor={inputId}>{t('passkeyRegistrationSuccess.nameLabel')}</NameLabel>
      <NameInput id={inputId} name="name" defaultValue={passkey.name} required autoFocus />
      <Button type="submit" data-action="save">
        {t('passkeyRegistrationSuccess.save')}
      </Button>
      <ActionButton action="cancel-rename" onPress={screen.cancelRename}>
        {t('passkeyRegistrationSuccess.cancel')}
      </ActionButton>
    </RenameForm>
  );
}

/** 'Created Nov 29, 2026' (`data-part="created"`, a `<time>`), when the provider sent the date. */
function PasskeyCreated({ passkey }: { passkey: WebAuthnRegistration }) {
  const screen = useScreenContext();
  const t = useMessages(passkeyMessages);
  const date = screen.formatCreated(passkey);
  if (date === null || passkey.created_at === undefined) return null;
  return <Created dateTime={passkey.created_at}>{t('passkeyRegistrationSuccess.created', { date })}</Created>;
}

/**
 * Keeps the focus in the list when the control that had it goes away: back on 'Rename' once the editor closes (saved
 * or cancelled), on 'Delete' when a delete is cancelled, and on the next passkey (else the previous one, else 'Set up
 * another Passkey') once one is deleted. Never moves a focus that is elsewhere on the page.
 */
function useFocusAfterListChange(
  screen: UsePasskeyRegistrationSuccessScreenReturn,
  ref: ForwardedRef<HTMLUListElement>,
) {
  const element = useRef<HTMLUListElement | null>(null);
  const previous = useRef({
    editingId: screen.editingId,
    pendingDeleteId: screen.pendingDeleteId,
    ids: [] as string[],
  });
  const ids = screen.passkeys.map((passkey) => passkey.webauthn_registration_id);
  const idsKey = ids.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` is read through `idsKey`.
  useEffect(() => {
    const before = previous.current;
    previous.current = { editingId: screen.editingId, pendingDeleteId: screen.pendingDeleteId, ids };
    const list = element.current;
    if (!list) return;
    const active = list.ownerDocument.activeElement;
    if (active && active !== list.ownerDocument.body && !list.contains(active)) return;
    const button = (id: string | undefined, action: string) =>
      Array.from(list.children)
        .find((item) => id !== undefined && item.getAttribute('data-id') === id)
        ?.querySelector<HTMLElement>(`[data-action="${action}"]`) ?? null;
    let target: HTMLElement | null = null;
    if (before.editingId !== null && screen.editingId === null) target = button(before.editingId, 'rename');
    else if (before.pendingDeleteId !== null && screen.pendingDeleteId === null) {
      const gone = before.pendingDeleteId;
      if (ids.includes(gone)) target = button(gone, 'delete');
      else {
        const at = before.ids.indexOf(gone);
        const next = before.ids.slice(at + 1).find((id) => ids.includes(id));
        const earlier = before.ids
          .slice(0, Math.max(at, 0))
          .reverse()
          .find((id) => ids.includes(id));
        target =
          button(next ?? earlier, 'rename') ??
          list.parentElement?.querySelector<HTMLElement>('[data-action="set-up-another"]') ??
          null;
      }
    }
    target?.focus();
  }, [screen.editingId, screen.pendingDeleteId, idsKey]);
  return (node: HTMLUListElement | null) => {
    element.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
}

/**
 * 'Existing Passkeys' (`data-part="list"`): each passkey (`data-part="item"`, `data-editing`, `data-pending-delete`)
 * with its name and creation date (`data-part="details"`: `name`, `created`) and 'Rename' / 'Delete' (named 'Rename {name}' / 'Delete {name}'); 'Rename' opens the inline
 * editor. While a delete is pending only 'Delete' and 'Cancel' show, with the warning.
 */
export const PasskeyRegistrationSuccessScreenList = forwardRef<HTMLUListElement, PartProps<'ul'>>(
  function PasskeyRegistrationSuccessScreenList(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    const isDeletePending = screen.pendingDeleteId !== null;
    const list = useFocusAfterListChange(screen, ref);
    return (
      <List {...props} ref={list}>
        {props.children ??
          screen.passkeys.map((passkey) => {
            const id = passkey.webauthn_registration_id;
            const isEditing = screen.editingId === id;
            const isPendingDelete = screen.pendingDeleteId === id;
            return (
              <Item
                key={id}
                data-id={id}
                data-editing={isEditing ? '' : undefined}
                data-pending-delete={isPendingDelete ? '' : undefined}
              >
                {isEditing ? (
                  <PasskeyNameEditor passkey={passkey} />
                ) : (
                  <>
                    <Details>
                      <Name>{passkey.name}</Name>
                      <PasskeyCreated passkey={passkey} />
                    </Details>
                    {isPendingDelete ? (
                      <>
                        <PasskeyRegistrationSuccessScreenWarning />
                        <ActionButton action="confirm-delete" onPress={screen.confirmDelete}>
                          {t('passkeyRegistrationSuccess.delete')}
                        </ActionButton>
                        <ActionButton action="cancel-delete" onPress={screen.cancelDelete}>
                          {t('passkeyRegistrationSuccess.cancel')}
                        </ActionButton>
                      </>
                    ) : isDeletePending ? null : (
                      <>
                        <ActionButton
                          action="rename"
                          aria-label={t('passkeyRegistrationSuccess.renameLabel', { name: passkey.name })}
                          onPress={() => screen.startRename(id)}
                        >
                          {t('passkeyRegistrationSuccess.rename')}
                        </ActionButton>
                        <ActionButton
                          action="delete"
                          aria-label={t('passkeyRegistrationSuccess.deleteLabel', { name: passkey.name })}
                          onPress={() => screen.requestDelete(id)}
                        >
                          {t('passkeyRegistrationSuccess.delete')}
                        </ActionButton>
                      </>
                    )}
                  </>
                )}
              </Item>
            );
          })}
      </List>
    );
  },
);

/**
 * 'Set up another Passkey' (→ PasskeyRegistrationStart) and 'Done' (`data-part="actions"`): both disabled while a
 * passkey is being renamed; hidden while a delete is pending.
 */
export const PasskeyRegistrationSuccessScreenActions = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function PasskeyRegistrationSuccessScreenActions(props, ref) {
    const screen = useScreenContext();
    const t = useMessages(passkeyMessages);
    if (screen.pendingDeleteId !== null) return null;
    return (
      <Actions {...props} ref={ref}>
        {props.children ?? (
          <>
            <ActionButton action="set-up-another" disabled={screen.isRenaming} onPress={screen.setUpAnother}>
              {t('passkeyRegistrationSuccess.setUpAnother')}
            </ActionButton>
            <ActionButton action="done" disabled={screen.isRenaming} onPress={screen.done}>
              {t('passkeyRegistrationSuccess.done')}
            </ActionButton>
          </>
        )}
      </Actions>
    );
  },
);

/**
 * Under multi-factor sign-in, when this session must prove the second factor before a passkey is deleted (or renamed):
 * "Confirm it's you" (`<SessionVerification>`, `data-scope="session-verification"`: a code from the authenticator app,
 * its first box focused, or a recovery code, and Back to the list), after which the change is made. Nothing otherwise.
 */
export function PasskeyRegistrationSuccessScreenVerify() {
  const screen = useScreenContext();
  if (screen.verification === null) return null;
  return <SessionVerification source={screen.verification} />;
}

/**
 * The default layout: title, 'Existing Passkeys', the empty state, the list, the actions; or, while this session must
 * prove the second factor, "Confirm it's you" alone.
 */
export function PasskeyRegistrationSuccessScreenLayout() {
  const screen = useScreenContext();
  if (screen.verification !== null) {
    return (
      <PasskeyRegistrationSuccessScreenRoot data-step="verify">
        <PasskeyRegistrationSuccessScreenVerify />
      </PasskeyRegistrationSuccessScreenRoot>
    );
  }
  return (
    <PasskeyRegistrationSuccessScreenRoot>
      <PasskeyRegistrationSuccessScreenTitle />
      <PasskeyRegistrationSuccessScreenListTitle />
      <PasskeyRegistrationSuccessScreenEmpty />
      <PasskeyRegistrationSuccessScreenList />
      <PasskeyRegistrationSuccessScreenActions />
    </PasskeyRegistrationSuccessScreenRoot>
  );
}

/**
 * PasskeyRegistrationSuccess: 'Passkey successfully created!' (after a creation; 'Existing Passkeys' after 'Skip'
 * or once that passkey is deleted), 'Existing Passkeys' (each with its name and creation date; 'You have no passkeys
 * yet.' when there is none) with inline
 * rename and delete (Delete/Cancel and 'Once deleted, the passkey cannot be restored.' while a delete is pending),
 * 'Set up another Passkey' and 'Done' (disabled while renaming). Rename and delete failures show as error toasts;
 * a session that must prove the second factor first shows "Confirm it's you" instead of the list.
 * Inside `<PasskeyRegistration>`. For another layout: `usePasskeyRegistrationSuccessScreen()`,
 * `<PasskeyRegistrationSuccessScreen.Provider value>` and the parts.
 */
export const PasskeyRegistrationSuccessScreen = createScreen(
  'PasskeyRegistrationSuccessScreen',
  usePasskeyRegistrationSuccessScreen,
  {
    Provider: PasskeyRegistrationSuccessScreenProvider,
    Layout: PasskeyRegistrationSuccessScreenLayout,
    Root: PasskeyRegistrationSuccessScreenRoot,
    Title: PasskeyRegistrationSuccessScreenTitle,
    ListTitle: PasskeyRegistrationSuccessScreenListTitle,
    Empty: PasskeyRegistrationSuccessScreenEmpty,
    List: PasskeyRegistrationSuccessScreenList,
    Warning: PasskeyRegistrationSuccessScreenWarning,
    Actions: PasskeyRegistrationSuccessScreenActions,
    Verify: PasskeyRegistrationSuccessScreenVerify,
  },
);
