import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { mainMessages } from './main';
import { passwordMessages } from './password';

/**
 * Every user-facing text of the kits, in English, keyed by a stable id. Override any of them (to translate or
 * reword) with the `strings` prop; `{placeholder}` parts are filled in as plain text, never as HTML.
 */
export const messages = { en: { ...mainMessages, ...passwordMessages } } as const;

/** The id of one message of the catalogue. */
export type MessageId = keyof (typeof messages)['en'];

/** Replacements for any messages, by id. */
export type Strings = Partial<Record<MessageId, string>>;

/** Fills `{name}` placeholders from `values`; an unknown placeholder is left as written. */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : match,
  );
}

/** Looks a message up by id (after overrides) and fills its placeholders. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

const MessagesContext = createContext<Translate | null>(null);

/** Provides the catalogue, with the caller's `strings` overrides, to every screen below. */
export function MessagesProvider({ strings, children }: { strings?: Strings; children: ReactNode }) {
  const translate = useMemo<Translate>(() => {
    const catalogue: Record<string, string> = { ...messages.en, ...strings };
    return (id, values) => interpolate(catalogue[id] ?? id, values);
  }, [strings]);
  return <MessagesContext.Provider value={translate}>{children}</MessagesContext.Provider>;
}

const defaultTranslate: Translate = (id, values) => interpolate(messages.en[id], values);

/** `t(id, values)`: the message for `id` with its placeholders filled, honouring `strings` overrides. */
export function useMessages(): Translate {
  return useContext(MessagesContext) ?? defaultTranslate;
}

/** The message of an error: the catalogue's text for its type when there is one, else its own message. */
export function errorText(t: Translate, error: { type: string; message: string }): string {
  const id = `error.${error.type}` as MessageId;
  return id in messages.en ? t(id) : error.message;
}
