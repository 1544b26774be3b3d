/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The provider's URL (default http://localhost:8787). */
  readonly VITE_LATCHKEY_API_URL?: string;
  /** Google's One Tap script (default: the provider's stand-in in development, Google's own in a build). */
  readonly VITE_LATCHKEY_ONE_TAP_SCRIPT_URL?: string;
  /** The demo relying party `npm start` runs (default http://localhost:5174). */
  readonly VITE_LATCHKEY_DEMO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
