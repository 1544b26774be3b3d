/** Where `npm start` serves the playground (Vite, strict port). */
export const PLAYGROUND_URL = 'http://localhost:5173';
/**
 * The demo relying party `npm start` runs (apps/playground/relying-party). Not its default port 5174: the React 18
 * test runs a second playground there.
 */
export const DEMO_RP_PORT = 5183;
export const DEMO_RP_URL = `http://localhost:${DEMO_RP_PORT}`;
/** The provider, read directly by the tests (the development inbox). It listens on 127.0.0.1 only. */
export const PROVIDER_URL = 'http://127.0.0.1:8787';
/** The project's headless Chromium flags (scripts/find-chromium.mjs). */
export { CHROMIUM_ARGS } from '../../../scripts/find-chromium.mjs';
/**
 * How long a browser test waits for the visible state (Playwright's locator actions and `waitFor`, `expect.poll`,
 * the development inbox): a sign-in is several round trips plus argon2id on a loaded two-core CI machine.
 */
export const E2E_WAIT_MS = 15_000;
