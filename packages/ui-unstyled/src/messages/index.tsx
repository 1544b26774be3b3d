import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { emailMagicLinksMessages } from '../products/emailMagicLinks/messages';
import type { otpMessages } from '../products/otp/messages';
import type { passwordMessages } from '../products/passwords/messages';
import { mainMessages } from './main';

export { messages } from './catalogue';

/** The id of one message of the catalogue: the shared texts and each product's (products/<key>/messages.ts). */
export type MessageId =
  | keyof typeof mainMessages
  | keyof typeof emailMagicLinksMessages
  | keyof typeof otpMessages
  | keyof typeof passwordMessages;

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
    () => (id, values) => interpolate(strings?.[id] ?? own?.[id] ?? main[id] ?? id, values),
    [strings, own],
  );
}

/** The message of an error: the catalogue's text for its type when there is one, else its own message. */
export function errorText(t: Translate, error: { type: string; message: string }): string {
  const id = `error.${error.type}` as MessageId;
  const text = t(id);
  return text === id ? error.message : text;
}
