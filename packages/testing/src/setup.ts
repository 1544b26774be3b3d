// Vitest setup for the React packages: wait long enough for the visible state on a busy machine, unmount what a
// test rendered, stop its provider and client, and leave the page's storage and cookies empty for the next test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { runCleanups } from './cleanup';
import { ASYNC_TIMEOUT } from './timeouts';

// Every `findBy…` and `waitFor` without its own `timeout` (testing-library's default is 1 s). Set again before each
// test, so nothing a test file loads can leave it at the default.
configure({ asyncUtilTimeout: ASYNC_TIMEOUT });
beforeEach(() => configure({ asyncUtilTimeout: ASYNC_TIMEOUT }));

// jsdom has no canvas: its `getContext` answers null and prints "Not implemented: HTMLCanvasElement's getContext()"
// each time axe-core (expectNoAxeViolations) asks for one to measure icon glyphs, over a hundred lines in `npm test`.
// The same null, without the line; axe handles it, and the browser tests run axe with a real canvas.
if (typeof HTMLCanvasElement !== 'undefined') {
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => null });
}

/** Unmounts what the test rendered, then stops its clients and providers (registerCleanup), in that order. */
async function runCleanupsAfterRender(): Promise<void> {
  if (typeof document !== 'undefined') cleanup();
  await runCleanups();
}

afterEach(async () => {
  await runCleanupsAfterRender();
  // A test file may run in node (`// @vitest-environment node`): then there is no page to clear.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this only expires test cookies.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});
