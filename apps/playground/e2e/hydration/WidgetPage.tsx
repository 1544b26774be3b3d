// The tree the server renders (render.tsx) and the browser hydrates (client.tsx): the same on both sides, with
// either kit (`/hydration?kit=unstyled` for the unstyled one) and any of the widgets (`&widget=ResetPassword`…).
import { LatchkeyProvider } from '@latchkey/hooks';
import type { LatchkeyClient } from '@latchkey/sdk';
import * as defaultKit from '@latchkey/ui-default';
import * as unstyledKit from '@latchkey/ui-unstyled';
import type { ReactElement } from 'react';

/** Email passcodes, as the playground's `/?products=otp&methods=email`. */
export const CONFIG = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };
export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
export const API_BASE_URL = 'http://localhost:8787';

export type Kit = 'default' | 'unstyled';
type KitModule = typeof defaultKit | typeof unstyledKit;

const KITS: Record<Kit, KitModule> = { default: defaultKit, unstyled: unstyledKit };

/** Each widget: what to download before rendering (server) or hydrating (browser), and the element. */
export const WIDGETS = {
  SignIn: {
    preload: (kit: KitModule) => kit.preloadSignIn(CONFIG),
    element: (kit: KitModule) => <kit.SignIn config={CONFIG} />,
  },
  ResetPassword: {
    preload: (kit: KitModule) => kit.preloadSignIn({ products: ['passwords'] }),
    element: (kit: KitModule) => <kit.ResetPassword passwordResetToken="reset-token-test-hydration" />,
  },
  PasskeyRegistration: {
    preload: (kit: KitModule) => kit.preloadSignIn({ products: ['passkeys'] }),
    element: (kit: KitModule) => <kit.PasskeyRegistration />,
  },
  TotpEnrollment: {
    // Its no-user text is in the error catalogue (a chunk of its own): loaded on both sides, the HTML matches.
    preload: () => unstyledKit.loadErrorMessages(),
    element: (kit: KitModule) => <kit.TotpEnrollment />,
  },
  IdentityProvider: {
    preload: (kit: KitModule) => kit.preloadIdentityProvider(),
    // A fixed query on both sides: the server has no address bar to read.
    element: (kit: KitModule) => <kit.IdentityProvider search="?client_id=hydration-client&response_type=code" />,
  },
} satisfies Record<
  string,
  { preload: (kit: KitModule) => Promise<unknown>; element: (kit: KitModule) => ReactElement }
>;

export type Widget = keyof typeof WIDGETS;

/** `?kit=` and `?widget=` of the page's query (default: the default kit's SignIn). */
export function pageOf(search: string): { kit: Kit; widget: Widget } {
  const query = new URLSearchParams(search);
  const widget = query.get('widget') ?? 'SignIn';
  return {
    kit: query.get('kit') === 'unstyled' ? 'unstyled' : 'default',
    widget: Object.hasOwn(WIDGETS, widget) ? (widget as Widget) : 'SignIn',
  };
}

/** Downloads what `widget` of `kit` shows first, so it renders (and hydrates) without a Suspense fallback. */
export function preloadWidget(kit: Kit, widget: Widget): Promise<unknown> {
  return WIDGETS[widget].preload(KITS[kit]);
}

export function WidgetPage({ client, kit, widget }: { client: LatchkeyClient; kit: Kit; widget: Widget }) {
  return (
    <LatchkeyProvider client={client}>
      <main>{WIDGETS[widget].element(KITS[kit])}</main>
    </LatchkeyProvider>
  );
}
