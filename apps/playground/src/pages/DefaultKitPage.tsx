import '@latchkey/ui-default/styles.css';
import type { LatchkeyEvent, LatchkeyFlowError } from '@latchkey/hooks';
import { SignIn } from '@latchkey/ui-default';
import { useMemo, useState } from 'react';
import { ConfigSwitcher } from '../ConfigSwitcher';
import { type KitSettings, searchFromSettings, settingsFromSearch, signInConfig } from '../kitConfig';
import { PasswordPolicyNote } from '../PasswordPolicyNote';
import { navigate, useLocation } from '../router';

interface LoggedItem {
  id: number;
  kind: 'event' | 'error';
  text: string;
}

let nextLogId = 0;

/** `/`: the default kit with a configuration switcher; the configuration lives in the URL query. */
export default function DefaultKitPage() {
  const { search } = useLocation();
  const settings = useMemo(() => settingsFromSearch(search), [search]);
  const config = useMemo(() => signInConfig(settings), [settings]);
  // The widget reads its configuration once, when it mounts: a new configuration mounts a new widget. The theme and
  // the direction are not configuration: changing them keeps the screen.
  const widgetKey = searchFromSettings({ ...settings, theme: 'light', dir: 'ltr' });
  const [log, setLog] = useState<LoggedItem[]>([]);

  const callbacks = useMemo(() => {
    const add = (kind: LoggedItem['kind'], text: string) =>
      setLog((items) => [{ id: nextLogId++, kind, text }, ...items].slice(0, 8));
    return {
      onEvent: (event: LatchkeyEvent) => add('event', event.type),
      onError: (error: LatchkeyFlowError) => add('error', `${error.type}: ${error.message}`),
    };
  }, []);

  const change = (next: KitSettings) => navigate(`/${searchFromSettings(next)}`, { replace: true });

  return (
    <section aria-labelledby="default-title" className="pg-page">
      <h1 id="default-title">Default kit</h1>
      <div className="pg-columns">
        <div className="pg-widget">
          <SignIn key={widgetKey} config={config} callbacks={callbacks} theme={settings.theme} dir={settings.dir} />
          {log.length > 0 && (
            <section aria-labelledby="events-title" className="pg-events">
              <h2 id="events-title">Callbacks</h2>
              <ul>
                {log.map((item) => (
                  <li key={item.id} className={item.kind === 'error' ? 'pg-error' : undefined}>
                    <code>{item.kind === 'error' ? 'onError' : 'onEvent'}</code> {item.text}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="pg-side">
          <section className="pg-panel" aria-labelledby="config-title">
            <h2 id="config-title">Configuration</h2>
            <ConfigSwitcher settings={settings} onChange={change} hasLookOptions />
            <p className="pg-note">
              This configuration is in the address bar, so a link reproduces it. The <code>config</code> passed to{' '}
              <code>&lt;SignIn&gt;</code>:
            </p>
            <pre className="pg-json" data-testid="config-json">
              {JSON.stringify(config, null, 2)}
            </pre>
          </section>
          <PasswordPolicyNote />
        </div>
      </div>
    </section>
  );
}
