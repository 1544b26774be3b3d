// The React version that really renders a page: react-dom announces itself to the DevTools hook on load, in React 18
// and 19 alike, so a stand-in hook installed before any script records the renderer's version.
import type { Page } from 'playwright-core';

/** Installs the stand-in hook: call before `page.goto`. */
export async function recordReactVersion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const versions: string[] = [];
    Object.assign(window, {
      latchkeyReactVersions: versions,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject(renderer: { version?: string }) {
          versions.push(String(renderer.version));
          return versions.length;
        },
        checkDCE() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onScheduleFiberRoot() {},
        setStrictMode() {},
      },
    });
  });
}

/** The versions of the renderers the page loaded (one: react-dom's). */
export function reactVersions(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as Window & { latchkeyReactVersions?: string[] }).latchkeyReactVersions ?? []);
}
