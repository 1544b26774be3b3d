/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The provider's URL (default http://localhost:8787). */
  readonly VITE_LATCHKEY_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
