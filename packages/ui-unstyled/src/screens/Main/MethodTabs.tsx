import type { MethodTab } from '@latchkey/hooks';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useMessages } from '../../messages/index';

/** Props of `MethodTabs`. */
export interface MethodTabsProps {
  methods: MethodTab[];
  selectedMethod: MethodTab | null;
  selectMethod: (method: MethodTab) => void;
  /** The form of one tab. */
  renderForm: (method: MethodTab) => ReactNode;
}

const TAB_LABELS = { sms: 'main.tabs.sms', whatsapp: 'main.tabs.whatsapp', email: 'main.tabs.email' } as const;

// The keys of the WAI-ARIA tabs pattern (horizontal, automatic activation): the tab a key moves to, from the index
// of the focused one, or undefined for any other key.
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The method tabs, after the WAI-ARIA tabs pattern: a tab list (`data-scope="main" data-part="tab-list"`, role
 * tablist), one tab per method (`data-part="tab"`, `data-method`, `data-state="active|inactive"`, role tab,
 * `aria-selected`) and one panel per method (`data-part="tab-panel"`, role tabpanel, `hidden` unless selected),
 * whose form is rendered only while it is selected. Only the selected tab is in the Tab order; the arrow keys
 * (wrapping), Home and End move between tabs and select the one they reach. Written here rather than taken from a
 * tabs library: it ships in the first chunk, so a widget with tabs shows its first form without waiting for a
 * second download, and it weighs under a kilobyte.
 */
export function MethodTabs({ methods, selectedMethod, selectMethod, renderForm }: MethodTabsProps) {
  const t = useMessages();
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = selectedMethod !== null && methods.includes(selectedMethod) ? selectedMethod : methods[0];
  const tabId = (method: MethodTab) => `${baseId}-tab-${method}`;
  const panelId = (method: MethodTab) => `${baseId}-panel-${method}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    const index = tabs.current.indexOf(event.target as HTMLButtonElement);
    if (!move || index === -1) return;
    event.preventDefault();
    const next = move(index, methods.length);
    tabs.current[next]?.focus();
    selectMethod(methods[next] as MethodTab);
  };

  return (
    <div data-scope="main" data-part="tabs">
      <div
        role="tablist"
        aria-orientation="horizontal"
        aria-label={t('main.tabs.label')}
        data-scope="main"
        data-part="tab-list"
        onKeyDown={onKeyDown}
      >
        {methods.map((method, index) => {
          const isSelected = method === selected;
          return (
            <button
              key={method}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(method)}
              aria-selected={isSelected}
              aria-controls={panelId(method)}
              tabIndex={isSelected ? 0 : -1}
              data-scope="main"
              data-part="tab"
              data-method={method}
              data-state={isSelected ? 'active' : 'inactive'}
              onClick={() => selectMethod(method)}
            >
              {t(TAB_LABELS[method])}
            </button>
          );
        })}
      </div>
      {methods.map((method) => {
        const isSelected = method === selected;
        return (
          <div
            key={method}
            role="tabpanel"
            id={panelId(method)}
            aria-labelledby={tabId(method)}
            hidden={!isSelected}
            data-scope="main"
            data-part="tab-panel"
            data-method={method}
            data-state={isSelected ? 'active' : 'inactive'}
          >
            {isSelected ? renderForm(method) : null}
          </div>
        );
      })}
    </div>
  );
}
