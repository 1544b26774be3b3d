import { type MethodTab, useBootstrap, useSignInStore } from '@latchkey/hooks';
import { useState } from 'react';
import { useMessages } from '../../messages/index';

/** Which flow the email form runs: passwords first, then email passcodes, else magic links. */
export type EmailFormKind = 'magicLink' | 'otp' | 'password';

/** What `useMainScreen` returns: the state of the Main screen's parts. */
export interface UseMainScreenReturn {
  /** `style.hideHeaderText`: the title part renders nothing. */
  isHeaderHidden: boolean;
  /** `style.logoImageUrl`, or null: the logo part renders nothing. */
  logoImageUrl: string | null;
  /** The logo's text alternative: the project's name, else 'Logo'. */
  logoAlt: string;
  /** The method tabs in order (Text / WhatsApp / Email). */
  methods: MethodTab[];
  /** The selected tab; the first configured method to begin with. Emitted by the tabs as `data-state="active"`. */
  selectedMethod: MethodTab | null;
  /** Selects a tab. */
  selectMethod: (method: MethodTab) => void;
  /** More than one method: the tab bar shows. */
  hasTabs: boolean;
  /** Social or crypto products are configured: the 'or' divider shows above the email form. */
  hasDivider: boolean;
  /** The flow of the Email tab's form. */
  emailFormKind: EmailFormKind;
}

/** The Main screen's state, from the enclosing `<SignIn>`'s store and the project's settings. */
export function useMainScreen(): UseMainScreenReturn {
  const t = useMessages();
  const config = useSignInStore((state) => state.config);
  const methods = useSignInStore((state) => state.methods);
  const { projectName } = useBootstrap();
  const [selectedMethod, selectMethod] = useState<MethodTab | null>(methods[0] ?? null);
  const { products } = config;
  const emailFormKind: EmailFormKind = products.includes('passwords')
    ? 'password'
    : products.includes('otp') && config.otpOptions.methods.includes('email')
      ? 'otp'
      : 'magicLink';
  return {
    isHeaderHidden: config.style.hideHeaderText,
    logoImageUrl: config.style.logoImageUrl || null,
    logoAlt: projectName || t('main.logoAlt'),
    methods,
    selectedMethod,
    selectMethod,
    hasTabs: methods.length > 1,
    hasDivider: (products.includes('oauth') || products.includes('crypto')) && methods.length > 0,
    emailFormKind,
  };
}
