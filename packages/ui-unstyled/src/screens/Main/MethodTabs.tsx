import type { MethodTab } from '@latchkey/hooks';
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
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

/**
 * The method tabs (Radix Tabs, so arrow keys move between them): a tab list (`data-scope="main"
 * data-part="tab-list"`), one tab per method (`data-part="tab"`, `data-method`, Radix's `data-state="active"`)
 * and one panel per method holding its own form (`data-part="tab-panel"`). Loaded on demand: a single-method
 * widget never downloads Radix Tabs.
 */
export function MethodTabs({ methods, selectedMethod, selectMethod, renderForm }: MethodTabsProps) {
  const t = useMessages();
  return (
    <Tabs.Root
      data-scope="main"
      data-part="tabs"
      value={selectedMethod ?? methods[0]}
      onValueChange={(value) => selectMethod(value as MethodTab)}
    >
      <Tabs.List data-scope="main" data-part="tab-list" aria-label={t('main.tabs.label')}>
        {methods.map((method) => (
          <Tabs.Trigger key={method} value={method} data-scope="main" data-part="tab" data-method={method}>
            {t(TAB_LABELS[method])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {methods.map((method) => (
        <Tabs.Content key={method} value={method} data-scope="main" data-part="tab-panel" data-method={method}>
          {renderForm(method)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
