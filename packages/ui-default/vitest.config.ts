// jsdom, the shared setup (packages/testing/src/setup.ts) and time-outs for a loaded machine: one definition for the
// three React packages (packages/testing/src/vitestProject.ts).
import { mergeConfig } from 'vitest/config';
import { reactProject } from '../testing/src/vitestProject';

export default mergeConfig(reactProject('ui-default'), {
  // `stylesText` is `import css from './styles.css?inline'`: vitest processes that import (and only that one, so
  // the stories' side-effect `import '../styles.css'` stays empty in jsdom, as before).
  test: { css: { include: [/\.css\?inline$/] } },
});
