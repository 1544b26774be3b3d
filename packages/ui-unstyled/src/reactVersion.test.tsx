// Run by this package's project and its React 18 twin (vitest.react18.config.ts): each on the React it names.
import { testReactVersion } from '@latchkey/testing/react-version';

testReactVersion();
