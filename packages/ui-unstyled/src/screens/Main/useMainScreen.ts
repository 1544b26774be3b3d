import {
  type AvailableProduct,
  configuredProducts,
  emailFormProduct,
  hasDividedBlock,
  type MethodTab,
  type ResolvedSignInConfig,
  useBootstrap,
  useSignInStore,
} from '@latchkey/hooks';
import { useMemo, useState } from 'react';
import { useMessages } from '../../messages/index';
import type { PartProps } from '../../primitives/createPart';
import type { EmailFormKind } from '../../products/defineProductKit';
import { PRODUCT_KITS } from '../../products/registry';

/** Which flow the email form runs: passwords first, then email passcodes, else magic links. */
export type { EmailFormKind };

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
  /** A configured product draws a block the 'or' divider sets off from the forms (social or wallet buttons). */
  hasDivider: boolean;
  /** The flow of the Email tab's form. */
  emailFormKind: EmailFormKind;
  /**
   * The product whose form each tab shows (from the product registry). Optional for fixed values: the Email tab
   * then follows `emailFormKind` and the other tabs the product that has a phone form.
   */
  formProducts?: Partial<Record<MethodTab, AvailableProduct>>;
  /** The configured products that draw a block above the forms (passkeys, then wallets). Optional for fixed values. */
  blockProducts?: AvailableProduct[];
  /**
   * The email field is on screen: an Email tab that is selected (or the only method). A product's block reads it
   * (passkey autofill serves only while it shows). Optional for fixed values: then any Email tab counts.
   */
  isEmailFieldShown?: boolean;
  /** Props a product's block put on the email input (passkey autofill's `autocomplete`). */
  emailInputProps?: PartProps<'input'>;
  /** Sets `emailInputProps` (a product's block calls it). */
  setEmailInputProps?: (props: PartProps<'input'> | undefined) => void;
}

/** The flow of each product's Email-tab form, from the kit registry (`emailForm.kind` of each `kit.ts`). */
export const EMAIL_FORM_KINDS: Readonly<Partial<Record<AvailableProduct, EmailFormKind>>> = Object.fromEntries(
  Object.entries(PRODUCT_KITS).flatMap(([key, kit]) => (kit.emailForm ? [[key, kit.emailForm.kind]] : [])),
);

/** The product that draws each tab's form: the Email tab's by precedence, the others by the product that adds them. */
export function formProductsOf(config: ResolvedSignInConfig): Partial<Record<MethodTab, AvailableProduct>> {
  const owners: Partial<Record<MethodTab, AvailableProduct>> = {};
  for (const product of configuredProducts(config)) {
    for (const tab of product.tabs(config)) if (tab !== 'email') owners[tab] ??= product.key as AvailableProduct;
  }
  const email = emailFormProduct(config);
  if (email) owners.email = email.key as AvailableProduct;
  return owners;
}

/** The Main screen's state, from the enclosing `<SignIn>`'s store and the project's settings. */
export function useMainScreen(): UseMainScreenReturn {
  const t = useMessages();
  const config = useSignInStore((state) => state.config);
  const methods = useSignInStore((state) => state.methods);
  const { projectName } = useBootstrap();
  const [selectedMethod, selectMethod] = useState<MethodTab | null>(methods[0] ?? null);
  const formProducts = useMemo(() => formProductsOf(config), [config]);
  // With no product drawing the Email tab's form (it then does not show), the registry's first kit's kind.
  const emailFormKind =
    (formProducts.email && EMAIL_FORM_KINDS[formProducts.email]) ??
    (Object.values(EMAIL_FORM_KINDS)[0] as EmailFormKind);
  const [emailInputProps, setEmailInputProps] = useState<PartProps<'input'>>();
  return {
    isHeaderHidden: config.style.hideHeaderText,
    logoImageUrl: config.style.logoImageUrl || null,
    logoAlt: projectName || t('main.logoAlt'),
    methods,
    selectedMethod,
    selectMethod,
    hasTabs: methods.length > 1,
    hasDivider: hasDividedBlock(config) && methods.length > 0,
    emailFormKind,
    formProducts,
    // In the registry's order, which is the order of kinds ('Login with a Passkey' first, then the wallets),
    // whatever order `config.products` lists them in.
    blockProducts: (Object.keys(PRODUCT_KITS) as AvailableProduct[]).filter(
      (key) => PRODUCT_KITS[key].mainBlock && config.products.includes(key),
    ),
    isEmailFieldShown: methods.includes('email') && (methods.length === 1 || selectedMethod === 'email'),
    emailInputProps,
    setEmailInputProps,
  };
}
