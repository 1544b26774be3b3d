import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { INBOX_URL } from '../client';
import { clearInbox, describeLink, fetchInbox, type InboxMessage, isWebLink } from '../inbox';

const POLL_MS = 2_000;
const CHANNEL_NAMES: Record<string, string> = { email: 'Email', sms: 'Text message', whatsapp: 'WhatsApp' };

function MessageCard({ message }: { message: InboxMessage }) {
  const headingId = useId();
  return (
    <article className="pg-message" aria-labelledby={headingId} data-channel={message.channel}>
      <h2 id={headingId} className="pg-message-title">
        {CHANNEL_NAMES[message.channel] ?? message.channel} to {message.to}
      </h2>
      <p className="pg-message-meta">
        {message.subject && <span className="pg-message-subject">{message.subject} · </span>}
        <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString()}</time>
      </p>
      {message.codes.length > 0 && (
        <p className="pg-codes">
          {message.codes.map((code) => (
            <output key={code} className="pg-code" aria-label={`Passcode ${code}`}>
              {code}
            </output>
          ))}
        </p>
      )}
      {message.links.length > 0 && (
        <ul className="pg-links">
          {message.links.map((link) => (
            <li key={link}>
              {isWebLink(link) ? (
                <a href={link} rel="noopener noreferrer">
                  {describeLink(link)}
                </a>
              ) : (
                describeLink(link)
              )}{' '}
              <code className="pg-url">{link}</code>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>Full text</summary>
        <pre className="pg-message-text">{message.text}</pre>
      </details>
    </article>
  );
}

/** `/inbox`: every email, text and WhatsApp message the provider would have sent, newest first. */
export default function InboxPage() {
  const [messages, setMessages] = useState<InboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [recipient, setRecipient] = useState('');
  const [isClearing, setIsClearing] = useState(false);
  const filterId = useId();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const list = await fetchInbox(recipient.trim() || undefined, signal);
        setMessages(list);
        setError(null);
      } catch (failure) {
        if (signal?.aborted) return;
        setError(
          `Cannot read the development inbox at ${INBOX_URL} (${failure instanceof Error ? failure.message : String(failure)}). Is the provider running (npm start)?`,
        );
      }
    },
    [recipient],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = window.setInterval(() => void load(controller.signal), POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [load]);

  // Deleting empties the whole inbox, whatever the filter shows: a modal dialog asks first. The native <dialog>
  // (showModal) keeps focus inside, closes on Escape, and gives focus back to the button that opened it.
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [deleted, setDeleted] = useState(false);
  const dialogTitleId = useId();
  const dialogTextId = useId();

  const askToDelete = () => dialogRef.current?.showModal();
  const cancelDelete = () => dialogRef.current?.close();
  const deleteAll = async () => {
    setIsClearing(true);
    try {
      await clearInbox();
      setMessages([]);
      setDeleted(true);
      dialogRef.current?.close();
    } catch (failure) {
      dialogRef.current?.close();
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setIsClearing(false);
    }
  };

  return (
    <section aria-labelledby="inbox-title" className="pg-page pg-inbox">
      <h1 id="inbox-title">Development inbox</h1>
      <p>
        In development mode the provider sends nothing: every email, text and WhatsApp message lands here (read from{' '}
        <a href={INBOX_URL}>{INBOX_URL}</a>, refreshed every 2 seconds).
      </p>
      <div className="pg-toolbar">
        <label htmlFor={filterId}>Only messages to</label>
        <input
          id={filterId}
          type="search"
          value={recipient}
          placeholder="ada@example.com or +15005550006"
          onChange={(event) => setRecipient(event.target.value)}
        />
      </div>
      <div className="pg-toolbar pg-toolbar--end">
        <button type="button" className="pg-button pg-button--danger" onClick={askToDelete} disabled={isClearing}>
          Delete all messages
        </button>
      </div>
      <dialog
        ref={dialogRef}
        className="pg-dialog"
        aria-labelledby={dialogTitleId}
        aria-describedby={dialogTextId}
        data-testid="delete-all-dialog"
      >
        <h2 id={dialogTitleId}>Delete all messages?</h2>
        <p id={dialogTextId}>
          Every message in the development inbox is deleted, for every recipient, not only the ones the filter shows.
          This cannot be undone.
        </p>
        <div className="pg-dialog-actions">
          {/* First, so the dialog opens with focus on it: Enter or Space on what has focus keeps the messages. */}
          <button type="button" className="pg-button pg-button--quiet" onClick={cancelDelete}>
            Cancel
          </button>
          <button type="button" className="pg-button pg-button--danger" onClick={deleteAll} disabled={isClearing}>
            Delete all messages
          </button>
        </div>
      </dialog>
      {error && (
        <p role="alert" className="pg-error">
          {error}
        </p>
      )}
      <p aria-live="polite" className="pg-count" data-testid="inbox-count">
        {messages === null ? 'Loading…' : `${messages.length} message${messages.length === 1 ? '' : 's'}`}
        {deleted && messages?.length === 0 ? ' (all messages deleted)' : ''}
      </p>
      {messages && messages.length === 0 && (
        <p>No messages yet. Sign in somewhere and the code or link shows up here.</p>
      )}
      <div className="pg-messages">
        {messages?.map((message) => (
          <MessageCard key={message.message_id} message={message} />
        ))}
      </div>
    </section>
  );
}
