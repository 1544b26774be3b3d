import type { LatchkeyEvent, LatchkeyFlowError } from '@latchkey/hooks';
import { useMemo, useState } from 'react';

interface LoggedItem {
  id: number;
  kind: 'event' | 'error';
  text: string;
}

let nextLogId = 0;

/** The host callbacks of a kit component (`onEvent`, `onError`), and the last few calls, newest first. */
export function useCallbackLog() {
  const [log, setLog] = useState<LoggedItem[]>([]);
  const callbacks = useMemo(() => {
    const add = (kind: LoggedItem['kind'], text: string) =>
      setLog((items) => [{ id: nextLogId++, kind, text }, ...items].slice(0, 8));
    return {
      onEvent: (event: LatchkeyEvent) => add('event', event.type),
      onError: (error: LatchkeyFlowError) => add('error', `${error.type}: ${error.message}`),
    };
  }, []);
  return { log, callbacks };
}

/** The calls `useCallbackLog` recorded, as on the kit pages. */
export function CallbackLog({ log }: { log: LoggedItem[] }) {
  if (log.length === 0) return null;
  return (
    <section aria-labelledby="events-title" className="pg-events">
      <h2 id="events-title">Callbacks</h2>
      <ul data-testid="callback-log">
        {log.map((item) => (
          <li key={item.id} className={item.kind === 'error' ? 'pg-error' : undefined}>
            <code>{item.kind === 'error' ? 'onError' : 'onEvent'}</code> {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
