import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { accountResetMessages } from './accountReset';
import type { errorMessages } from './errors';
import type { identifierVerificationMessages } from './identifierVerification';
import { mainMessages } from './main';
import type { ProductMessages } from './productCatalogue';

export { messages } from './catalogue';

/** A part of the catalogue as the `Messages` interface reads it: its ids, each a text. */
export type MessageTexts<Part> = { readonly [Id in keyof Part]: string };

/**
 * Every message of the catalogue, by id: the shared texts and each product kit's (`ProductMessages`, generated from
 * products/<key>/messages.ts). Open: a product kit outside the package adds its ids by declaration merging
 * (`declare module '@latchkey/ui-unstyled' { interface Messages extends MessageTexts<typeof myMessages> {} }`), so
 * `MessageId`, `Strings` and `t` take them.
 */
export interface Messages
  extends MessageTexts<typeof mainMessages>,
    MessageTexts<typeof errorMessages>,
    MessageTexts<typeof accountResetMessages>,
    MessageTexts<typeof identifierVerificationMessages>,
    ProductMessages {}

/** The id of one message of the catalogue (`Messages`): the shared texts and each product kit's. */
export type MessageId = keyof Messages & string;

/** Replacements for any messages, by id. */
export type Strings = Partial<Record<MessageId, string>>;

/** A part of the catalogue: message ids and their English texts. */
export type Catalogue = Readonly<Partial<Record<MessageId, string>>>;

/** Fills `{name}` placeholders from `values`; an unknown placeholder is left as written. */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

/** Looks a message up by id (after overrides) and fills its placeholders. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

const StringsContext = createContext<Strings | undefined>(undefined);

/** Provides the caller's `strings` overrides to every screen below. */
export function MessagesProvider({ strings, children }: { strings?: Strings; children: ReactNode }) {
  return <StringsContext.Provider value={strings}>{children}</StringsContext.Provider>;
}

const main: Catalogue = mainMessages;

// The error catalogue (messages/errors.ts) is a chunk of its own, fetched after the widget's first render.
// `undefined`: not in yet; `null`: its download failed (errors then show the server's message).
let errorCatalogue: Catalogue | null | undefined;
let errorCatalogueLoad: Promise<void> | null = null;
const errorCatalogueListeners = new Set<() => void>();

function setErrorCatalogue(catalogue: Catalogue | null) {
  errorCatalogue = catalogue;
  for (const listener of errorCatalogueListeners) listener();
}

/**
 * Downloads the error catalogue (messages/errors.ts, its own chunk), once; resolves when it is in. The
 * widget calls it right after its first render; `ErrorMessage` and the error screen wait for it before they show a
 * catalogue text. A failed download is retried on the next call (meanwhile errors show the server's message).
 */
export function loadErrorMessages(): Promise<void> {
  errorCatalogueLoad ??= import('./errors').then(
    (module) => setErrorCatalogue(module.errorMessages),
    () => {
      errorCatalogueLoad = null;
      setErrorCatalogue(null);
    },
  );
  return errorCatalogueLoad;
}

function subscribeToErrorCatalogue(listener: () => void) {
  errorCatalogueListeners.add(listener);
  return () => errorCatalogueListeners.delete(listener);
}

const isErrorCataloguePending = () => errorCatalogue === undefined;

/**
 * Whether the error catalogue is still on its way (its download starts when this mounts): the error parts show
 * nothing until then rather than the message id or another text.
 */
export function useErrorMessagesPending(): boolean {
  const isPending = useSyncExternalStore(subscribeToErrorCatalogue, isErrorCataloguePending, isErrorCataloguePending);
  useEffect(() => {
    if (isPending) void loadErrorMessages();
  }, [isPending]);
  return isPending;
}

const CatalogueContext = createContext<Catalogue | undefined>(undefined);

/**
 * The texts of the product whose screen or form renders below (its `products/<key>/messages.ts`, from its chunk):
 * the screen loaders wrap each product screen and form in it, so shared parts (`ErrorMessage`) find its texts.
 */
export const ProductMessagesProvider = CatalogueContext.Provider;

/** Whether `id` names a message of the main catalogue (every screen's texts but the password screens'). */
export function isMainMessageId(id: string): id is keyof typeof mainMessages {
  return Object.hasOwn(mainMessages, id);
}

/**
 * `t(id, values)`: the message for `id` with its placeholders filled, honouring `strings` overrides. Looks in the
 * main catalogue; a screen of a product that loads on demand passes its own part too
 * (`useMessages(passwordMessages)`), so those texts travel in that product's chunk, not in the first one.
 */
export function useMessages(catalogue?: Catalogue): Translate {
  const strings = useContext(StringsContext);
  const product = useContext(CatalogueContext);
  const own = catalogue ?? product;
  return useMemo<Translate>(
    () => (id, values) => interpolate(strings?.[id] ?? own?.[id] ?? main[id] ?? errorCatalogue?.[id] ?? id, values),
    [strings, own],
  );
}

/**
 * The message of an error: the catalogue's text for its type when there is one, else its own message. The error
 * catalogue is a chunk of its own: call it once `useErrorMessagesPending()` is false.
 */
export function errorText(t: Translate, error: { type: string; message: string }): string {
  const id = `error.${error.type}` as MessageId;
  const text = t(id);
  return text === id ? error.message : text;
}
