// This package's tests on React 18 (project `<name>-react18`): packages/testing/src/vitestProject.ts, onReact18.
import { onReact18 } from '../testing/src/vitestProject';
import project from './vitest.config';

export default onReact18(project);
