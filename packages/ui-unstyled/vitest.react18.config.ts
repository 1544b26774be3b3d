// This package's tests on React 18 (project `<name>-react18`): packages/testing/src/vitestProject.ts, onReact18.
import { onReact18 } from '../testing/src/vitestProject.ts';
import project from './vitest.config.ts';

export default onReact18(project);
