import type { AvailableProduct, MethodTab } from '@latchkey/hooks';
import { type ComponentType, createContext, createElement, forwardRef, Suspense, useContext, useEffect } from 'react';
import { Spinner } from '../../components/Spinner';
import { useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { type MainBlockProps, type ProductKit, withProductMessages } from '../../products/defineProductKit';
import { PRODUCT_KITS } from '../../products/registry';
import { EmailInputPropsContext } from './EmailForm';
import { deferredEmailForm, type PreloadableForm, preloadable } from './lazyForms';
import { MethodTabs } from './MethodTabs';
import { EMAIL_FORM_KINDS, type UseMainScreenReturn, useMainScreen } from './useMainScreen';

// Each product's forms, from its kit descriptor (products/<key>/kit.ts): in the first chunk, or with the product's
// screens in its one chunk, so the screens after Main are in by the time the form is submitted.
function emailFormOf(kit: ProductKit): PreloadableForm<object> | null {
  const source = kit.emailForm;
  if (!source) return null;
  if ('eager' in source) return Object.assign(source.eager as ComponentType<object>, { preload: async () => {} });
  return deferredEmailForm(source.kind, async () => {
    const chunk = await kit.load();
    return { Binder: source.flowFromChunk(chunk), messages: chunk.messages };
  });
}
/** A component that `pick` takes from the product's chunk (its method form, its Main block), or null. */
function fromChunk<P extends object>(
  kit: ProductKit,
  pick?: (chunk: never) => ComponentType<P>,
): PreloadableForm<P> | null {
  return pick
    ? (preloadable(async () => {
        const chunk = await kit.load();
        return withProductMessages(pick(chunk as never), chunk.messages);
      }) as PreloadableForm<P>)
    : null;
}
const kits = Object.entries(PRODUCT_KITS) as [AvailableProduct, ProductKit][];
const MAIN_BLOCKS = Object.fromEntries(kits.map(([key, kit]) => [key, fromChunk(kit, kit.mainBlock)])) as Record<
  AvailableProduct,
  PreloadableForm<MainBlockProps> | null
>;
const EMAIL_FORMS = Object.fromEntries(kits.map(([key, kit]) => [key, emailFormOf(kit)])) as Record<
  AvailableProduct,
  PreloadableForm<object> | null
>;
const METHOD_FORMS = Object.fromEntries(kits.map(([key, kit]) => [key, fromChunk(kit, kit.methodForm)])) as Record<
  AvailableProduct,
  PreloadableForm<{ method: MethodTab }> | null
>;

/**
 * Loads `product`'s forms (its chunk) so they render at once, with no Suspense fallback: `preloadSignIn` awaits it,
 * so a page that preloads before `renderToString` or `hydrateRoot` renders and hydrates the whole form.
 */
export function preloadProductForms(product: AvailableProduct): Promise<unknown> {
  return Promise.all([
    EMAIL_FORMS[product]?.preload(),
    METHOD_FORMS[product]?.preload(),
    MAIN_BLOCKS[product]?.preload(),
  ]);
}

/** The form of one method's tab (see `MainScreenForm`), or null. */
function formOf(main: UseMainScreenReturn, method: MethodTab) {
  const product =
    main.formProducts?.[method] ??
    (method === 'email'
      ? kits.find(([key]) => EMAIL_FORM_KINDS[key] === main.emailFormKind)?.[0]
      : kits.find(([key]) => METHOD_FORMS[key])?.[0]);
  if (!product) return null;
  return method === 'email' ? EMAIL_FORMS[product] : METHOD_FORMS[product];
}

const MainScreenContext = createContext<UseMainScreenReturn | null>(null);

function useMainScreenContext(): UseMainScreenReturn {
  const value = useContext(MainScreenContext);
  if (!value) throw new Error('MainScreen parts must be used within <MainScreen.Provider>');
  return value;
}

/** Provides the Main screen's state (`useMainScreen()`, or a fixed value) to its parts. */
export const MainScreenProvider = MainScreenContext.Provider;

const Root = createPart('main', 'root', 'div');
const Logo = createPart('main', 'logo', 'img');
const Title = createPart('main', 'title', 'h2');
const Divider = createPart('main', 'divider', 'div');
const Methods = createPart('main', 'methods', 'div');

/** The screen's container (`data-scope="main" data-part="root"`). */
export const MainScreenRoot = Root;

/** The logo `<img>` (`style.logoImageUrl`, alt: the project's name or 'Logo'); nothing without a URL. */
export const MainScreenLogo = forwardRef<HTMLImageElement, PartProps<'img'>>(function MainScreenLogo(props, ref) {
  const main = useMainScreenContext();
  if (!main.logoImageUrl) return null;
  return <Logo src={main.logoImageUrl} alt={main.logoAlt} {...props} ref={ref} />;
});

/** The heading 'Sign up or log in'; nothing when `style.hideHeaderText` is set. */
export const MainScreenTitle = forwardRef<HTMLHeadingElement, PartProps<'h2'>>(function MainScreenTitle(props, ref) {
  const main = useMainScreenContext();
  const t = useMessages();
  if (main.isHeaderHidden) return null;
  return (
    <Title tabIndex={-1} {...props} ref={ref}>
      {props.children ?? t('main.title')}
    </Title>
  );
});

/** The 'or' between the social/crypto group and the email form; only when such products are configured. */
export const MainScreenDivider = forwardRef<HTMLDivElement, PartProps<'div'>>(function MainScreenDivider(props, ref) {
  const main = useMainScreenContext();
  const t = useMessages();
  if (!main.hasDivider) return null;
  return (
    <Divider {...props} ref={ref}>
      {props.children ?? t('main.divider')}
    </Divider>
  );
});

/**
 * The blocks configured products draw above the forms, from their chunks, in the spec's order: 'Login with a Passkey'
 * (unless passkey autofill on the email field replaces it) and the passkey warning banner (role alert), then the
 * wallet buttons.
 */
export function MainScreenBlocks() {
  const main = useMainScreenContext();
  return main.blockProducts?.map((product) => {
    const Block = MAIN_BLOCKS[product];
    return Block ? (
      <Suspense key={product} fallback={null}>
        <Block {...main} />
      </Suspense>
    ) : null;
  });
}

/**
 * The form of one method: the Email tab's form (magic link, passcode or password, by configuration) or the form
 * of the product whose tab it is (the phone form), as the product registry declares them.
 */
export function MainScreenForm({ method }: { method: MethodTab }) {
  const main = useMainScreenContext();
  const Form = formOf(main, method);
  if (!Form) return null;
  return (
    <Suspense fallback={<Spinner />}>
      {createElement(Form as ComponentType<{ method: MethodTab }>, { method })}
    </Suspense>
  );
}

/**
 * The sign-in methods (`data-part="methods"`, `data-tabs` when the tab bar shows): tabs with one form each when
 * more than one method is configured, else the single form.
 */
export const MainScreenMethods = forwardRef<HTMLDivElement, PartProps<'div'>>(function MainScreenMethods(props, ref) {
  const main = useMainScreenContext();
  const [onlyMethod] = main.methods;
  // With tabs, every tab's form starts loading as soon as the tabs show, so each tab's field is there the moment
  // its tab is selected.
  const { hasTabs, methods } = main;
  const formsToPreload = hasTabs ? methods.map((method) => formOf(main, method)) : [];
  useEffect(() => {
    for (const form of formsToPreload) void form?.preload().catch(() => {});
  });
  return (
    <Methods data-tabs={main.hasTabs ? '' : undefined} {...props} ref={ref}>
      <EmailInputPropsContext.Provider value={main.emailInputProps}>
        {props.children ??
          (main.hasTabs ? (
            <MethodTabs
              methods={main.methods}
              selectedMethod={main.selectedMethod}
              selectMethod={main.selectMethod}
              renderForm={(method) => <MainScreenForm method={method} />}
            />
          ) : onlyMethod ? (
            <MainScreenForm method={onlyMethod} />
          ) : null)}
      </EmailInputPropsContext.Provider>
    </Methods>
  );
});

/** The default layout of the Main screen: logo, title, the products' blocks (passkeys, wallets), divider, methods. */
export function MainScreenLayout() {
  return (
    <MainScreenRoot>
      <MainScreenLogo />
      <MainScreenTitle />
      <MainScreenBlocks />
      <MainScreenDivider />
      <MainScreenMethods />
    </MainScreenRoot>
  );
}

/**
 * The Main screen: optional logo, 'Sign up or log in', 'Login with a Passkey' with passkeys, the 'or' divider when social/crypto products are
 * configured, then the method tabs or the single form. Inside `<SignIn>`. For another layout: `useMainScreen()`,
 * `<MainScreen.Provider value>` and the parts.
 */
export function MainScreen() {
  const value = useMainScreen();
  return (
    <MainScreenProvider value={value}>
      <MainScreenLayout />
    </MainScreenProvider>
  );
}
MainScreen.Provider = MainScreenProvider;
MainScreen.Layout = MainScreenLayout;
MainScreen.Root = MainScreenRoot;
MainScreen.Logo = MainScreenLogo;
MainScreen.Title = MainScreenTitle;
MainScreen.Blocks = MainScreenBlocks;
MainScreen.Divider = MainScreenDivider;
MainScreen.Methods = MainScreenMethods;
MainScreen.Form = MainScreenForm;
