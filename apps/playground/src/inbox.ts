import { INBOX_URL } from './client';

/** One message of the provider's development inbox (apps/provider README, "The development inbox"). */
export interface InboxMessage {
  message_id: string;
  channel: 'email' | 'sms' | 'whatsapp' | string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  links: string[];
  codes: string[];
  created_at: string;
}

/** The inbox's messages, newest first (the provider lists them oldest first). */
export async function fetchInbox(to?: string, signal?: AbortSignal): Promise<InboxMessage[]> {
  const url = new URL(INBOX_URL);
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`The development inbox answered ${response.status}.`);
  const body = (await response.json()) as { messages?: InboxMessage[] };
  return [...(body.messages ?? [])].reverse();
}

/** Empties the development inbox. */
export async function clearInbox(): Promise<void> {
  const response = await fetch(INBOX_URL, { method: 'DELETE' });
  if (!response.ok) throw new Error(`The development inbox answered ${response.status}.`);
}

/** Only http(s) links are rendered as anchors (no javascript: or data: URLs from a server). */
export function isWebLink(link: string): boolean {
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A short name for a link: the kind of token it carries, if any. */
export function describeLink(link: string): string {
  try {
    const type = new URL(link).searchParams.get('stytch_token_type');
    if (type === 'magic_links') return 'Magic link';
    if (type === 'reset_password') return 'Reset password link';
    if (type === 'login') return 'Log in without a password link';
  } catch {
    // Not a URL: shown as text.
  }
  return 'Link';
}
