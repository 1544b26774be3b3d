// jsdom, the shared setup (packages/testing/src/setup.ts) and time-outs for a loaded machine: one definition for the
// three React packages (packages/testing/src/vitestProject.ts).
import { mergeConfig } from 'vitest/config';
import { reactProject } from '../testing/src/vitestProject.ts';

/**
 * Need a page of their own (vitest.isolated.config.ts): they define the custom elements, and what they test starts
 * before any is defined.
 */
export const ISOLATED_TESTS = [
  'src/browser.test.tsx',
  'src/customElements.test.tsx',
  'src/products/idp/IdentityProvider.test.tsx',
  'src/products/passkeys/PasskeyRegistration.test.tsx',
];

export default mergeConfig(reactProject('ui-default', { isolatedTests: ISOLATED_TESTS }), {
  // `stylesText` is `import css from './styles.css?inline'`: vitest processes that import (and only that one, so
  // the stories' side-effect `import '../styles.css'` stays empty in jsdom, as before).
  test: { css: { include: [/\.css\?inline$/] } },
});
