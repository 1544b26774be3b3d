// The tree the server renders (render.tsx) and the browser hydrates (client.tsx): the same on both sides, with
// both kits' widget side by side (`/hydration?kit=unstyled`: the unstyled kit's only), any of the widgets
// (`&widget=ResetPassword`…), and a signed-in visitor's session (`&session=signed-in`) given to both sides' clients.
import { LatchkeyProvider } from '@latchkey/hooks';
import { createClient, type LatchkeyClient } from '@latchkey/sdk';
import { fakeSignedInSession } from '@latchkey/testing/signed-in-session';
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
    // Its first screen for a signed-in visitor, in a chunk of its own (signed out it needs nothing).
    preload: (kit: KitModule) => kit.preloadPasskeyRegistration(),
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

/** What a page shows: the kits' widgets side by side (one page load covers both), signed in or not. */
export interface PageOptions {
  kits: Kit[];
  widget: Widget;
  signedIn: boolean;
}

/** `?kit=`, `?widget=` and `?session=signed-in` of the page's query (default: both kits' SignIn, signed out). */
export function pageOf(search: string): PageOptions {
  const query = new URLSearchParams(search);
  const kit = query.get('kit');
  const widget = query.get('widget') ?? 'SignIn';
  return {
    kits: kit === 'default' || kit === 'unstyled' ? [kit] : ['default', 'unstyled'],
    widget: Object.hasOwn(WIDGETS, widget) ? (widget as Widget) : 'SignIn',
    signedIn: query.get('session') === 'signed-in',
  };
}

/** Downloads what the page's widgets show first, so they render (and hydrate) without a Suspense fallback. */
export function preloadPage({ kits, widget }: PageOptions): Promise<unknown> {
  return Promise.all(kits.map((kit) => WIDGETS[widget].preload(KITS[kit])));
}

/**
 * A made-up signed-in visitor, as a server reads them from the request's cookie: the server renders with it and the
 * browser hydrates with it (`getServerSnapshot`); the browser's client then drops it (it has no session cookie of its
 * own), once hydrated.
 */
const SIGNED_IN = fakeSignedInSession('hydration');

/** The page's client: the SDK's server client in Node, the browser's client in the browser. */
export function pageClient({ signedIn }: PageOptions): LatchkeyClient {
  return createClient(PUBLIC_TOKEN, { apiBaseUrl: API_BASE_URL, initialSession: signedIn ? SIGNED_IN : null });
}

export function WidgetPage({ client, page }: { client: LatchkeyClient; page: PageOptions }) {
  return (
    <LatchkeyProvider client={client}>
      <main>
        {page.kits.map((kit) => (
          <section key={kit} data-kit={kit}>
            {WIDGETS[page.widget].element(KITS[kit])}
          </section>
        ))}
      </main>
    </LatchkeyProvider>
  );
}
