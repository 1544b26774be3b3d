// The social sign-in product's block on the Main screen: a column of 'Continue with
// {provider}' buttons in the configured order (a provider outside the 19: a button with no text), and Google One Tap
// in Google's place when configured (embedded: its container; floating: Google's own prompt, nothing in the column
// but a spinner while it loads; the plain Google button when it cannot render, with the developer explanation on a
// test token). In the social chunk: a page without `oauth` never downloads it.
import { ONE_TAP_DEFAULT_HEIGHT_PX, useGoogleOneTap } from '@latchkey/hooks';
import { forwardRef, useCallback } from 'react';
import { linkifyText } from '../../../components/ErrorMessage';
import { Spinner, type SpinnerProps } from '../../../components/Spinner';
import { useMessages } from '../../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../../primitives/createPart';
import { createScreenContext } from '../../../screens/shared/screenContext';
import type { MainBlockProps } from '../../defineProductKit';
import { oauthMessages } from '../messages';
import { ProviderIcon } from '../ProviderIcon';
import { type SocialProvider, type UseSocialSignInReturn, useHasOneTap, useSocialSignIn } from './useSocialSignIn';

export * from './useSocialSignIn';

const SCOPE = 'social-sign-in';
const { Provider, useScreenContext } = createScreenContext<UseSocialSignInReturn>('SocialSignIn');
const Root = createPart(SCOPE, 'root', 'div');
const List = createPart(SCOPE, 'providers', 'div');
const Button = createPart(SCOPE, 'provider', 'button');
const OneTapContainer = createPart(SCOPE, 'one-tap', 'div');
const Explanation = createPart(SCOPE, 'one-tap-error', 'p');

/** Provides the social block's state (`useSocialSignIn()`, or a fixed value) to its parts. */
export const SocialSignInProvider = Provider;

/**
 * The block's container (`data-scope="social-sign-in" data-part="root"`; `aria-busy` and `data-pending` while a
 * provider's start navigates away).
 */
export const SocialSignInRoot = forwardRef<HTMLDivElement, PartProps<'div'>>(function SocialSignInRoot(props, ref) {
  const block = useScreenContext();
  const isPending = block.pendingProvider !== null;
  return <Root aria-busy={isPending || undefined} data-pending={isPending ? '' : undefined} {...props} ref={ref} />;
});

/**
 * 'Continue with {provider}' for one provider (`data-part="provider"`, `data-provider="<type>"`), with its icon. A
 * provider outside the 19 gets no text and its type as its accessible name. While any start navigates, every
 * button is disabled (`data-disabled`); the navigating one shows a spinner (`data-pending`, `aria-busy`).
 */
export const SocialSignInProviderButton = forwardRef<
  HTMLButtonElement,
  PartProps<'button'> & { provider: SocialProvider }
>(function SocialSignInProviderButton({ provider, ...props }, ref) {
  const block = useScreenContext();
  const t = useMessages(oauthMessages);
  const isPending = block.pendingProvider === provider.type;
  const isDisabled = block.pendingProvider !== null;
  return (
    <Button
      type="button"
      data-provider={provider.type}
      data-pending={isPending ? '' : undefined}
      data-disabled={isDisabled ? '' : undefined}
      aria-busy={isPending || undefined}
      aria-label={provider.name === null ? provider.type : undefined}
      disabled={isDisabled}
      {...props}
      onClick={composeEventHandlers(props.onClick, () => block.start(provider.type))}
      ref={ref}
    >
      {props.children ?? (
        <>
          {isPending ? (
            <Spinner data-scope={SCOPE} data-part="spinner" />
          ) : (
            <ProviderIcon data-scope={SCOPE} provider={provider.type} />
          )}
          {provider.name === null ? null : t('oauth.continueWith', { provider: provider.name })}
        </>
      )}
    </Button>
  );
});

/**
 * Google One Tap in Google's place in the column. Embedded: a container (`data-part="one-tap"`,
 * `data-position="embedded"`, `data-status`, `data-height`: the measured height) with the hook's id, at least 47 px
 * high and growing with the prompt (never a fixed height the prompt would overflow), Google's prompt drawn inside it, a
 * spinner inside while the script loads. Floating: Google draws its prompt over the page, so only the spinner shows
 * while it loads. When One Tap cannot render (`status: 'fallback'`): the plain Google button, and on a test public
 * token the explanation ('One Tap could not load: {reason}'). Nothing once it is done (the page is navigating).
 */
export const SocialSignInOneTap = forwardRef<HTMLDivElement, PartProps<'div'>>(function SocialSignInOneTap(
  { style, ...props },
  ref,
) {
  const block = useScreenContext();
  const oneTap = block.oneTap;
  const containerRef = oneTap?.containerRef;
  const setRefs = useCallback(
    (element: HTMLDivElement | null) => {
      containerRef?.(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [containerRef, ref],
  );
  if (!oneTap) return null;
  if (oneTap.status === 'fallback') {
    return (
      <>
        <SocialSignInProviderButton provider={oneTap.provider} />
        <SocialSignInOneTapError />
      </>
    );
  }
  if (oneTap.position === 'floating') return oneTap.status === 'loading' ? <SocialSignInSpinner /> : null;
  return (
    <OneTapContainer
      id={oneTap.containerId}
      data-position="embedded"
      data-status={oneTap.status}
      // A floor, never a fixed height: Google's prompt (far taller than 47 px) must push the buttons under it down, not
      // cover them. The hook measures what it really takes (`height`, `data-height`).
      data-height={oneTap.height}
      style={{ minHeight: ONE_TAP_DEFAULT_HEIGHT_PX, ...style }}
      {...props}
      ref={setRefs}
    >
      {props.children ?? (oneTap.status === 'loading' ? <SocialSignInSpinner /> : null)}
    </OneTapContainer>
  );
});

/** The busy indicator while One Tap loads (`data-part="spinner"`, role status). */
export const SocialSignInSpinner = forwardRef<HTMLSpanElement, SpinnerProps>(function SocialSignInSpinner(props, ref) {
  return <Spinner data-scope={SCOPE} data-part="spinner" {...props} ref={ref} />;
});

/**
 * The developer explanation under the fallback Google button (`data-part="one-tap-error"`): 'One Tap could not load:
 * {reason}', only on a test public token. Plain text; its http(s) URLs become links (new tab, `rel="noopener
 * noreferrer"`), never HTML.
 */
export const SocialSignInOneTapError = forwardRef<HTMLParagraphElement, PartProps<'p'>>(
  function SocialSignInOneTapError(props, ref) {
    const block = useScreenContext();
    const t = useMessages(oauthMessages);
    const reason = block.oneTap?.status === 'fallback' ? block.oneTap.explanation : null;
    if (!reason) return null;
    return (
      <Explanation {...props} ref={ref}>
        {props.children ?? linkifyText(t('oauth.oneTapError', { reason }))}
      </Explanation>
    );
  },
);

/**
 * The column (`data-part="providers"`): a button per configured provider in the configured order, Google One Tap in
 * Google's place when configured.
 */
export const SocialSignInProviderList = forwardRef<HTMLDivElement, PartProps<'div'>>(
  function SocialSignInProviderList(props, ref) {
    const block = useScreenContext();
    return (
      <List {...props} ref={ref}>
        {props.children ??
          block.providers.map((provider) =>
            provider.type === block.oneTap?.provider.type ? (
              <SocialSignInOneTap key={provider.type} />
            ) : (
              <SocialSignInProviderButton key={provider.type} provider={provider} />
            ),
          )}
      </List>
    );
  },
);

/** The default layout: the column of provider buttons (with One Tap in Google's place). */
export function SocialSignInLayout() {
  return (
    <SocialSignInRoot>
      <SocialSignInProviderList />
    </SocialSignInRoot>
  );
}

function SocialSignInBlock({ value }: { value: UseSocialSignInReturn }) {
  if (value.providers.length === 0) return null;
  return (
    <SocialSignInProvider value={value}>
      <SocialSignInLayout />
    </SocialSignInProvider>
  );
}

function SocialSignInButtonsOnly() {
  return <SocialSignInBlock value={useSocialSignIn()} />;
}

function SocialSignInWithOneTap() {
  return <SocialSignInBlock value={useSocialSignIn(useGoogleOneTap())} />;
}

/**
 * The social block of the Main screen (inside `<SignIn>`, drawn by `MainScreen.Blocks` when `oauth` is configured):
 * nothing when no provider is configured; with Google's `one_tap`, it runs `useGoogleOneTap()` too. For another
 * layout: `useSocialSignIn(oneTap?)`, `<SocialSignIn.Provider value>` and the parts.
 */
export function SocialSignIn(_props: MainBlockProps) {
  return useHasOneTap() ? <SocialSignInWithOneTap /> : <SocialSignInButtonsOnly />;
}
SocialSignIn.Provider = SocialSignInProvider;
SocialSignIn.Layout = SocialSignInLayout;
SocialSignIn.Root = SocialSignInRoot;
SocialSignIn.ProviderList = SocialSignInProviderList;
SocialSignIn.ProviderButton = SocialSignInProviderButton;
SocialSignIn.OneTap = SocialSignInOneTap;
SocialSignIn.OneTapError = SocialSignInOneTapError;
SocialSignIn.Spinner = SocialSignInSpinner;
