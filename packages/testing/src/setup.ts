// Vitest setup for the React packages: unmount what a test rendered, stop its provider and client, and leave
// the page's storage and cookies empty for the next test.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { runCleanups } from './cleanup';

afterEach(async () => {
  cleanup();
  await runCleanups();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this only expires test cookies.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});
