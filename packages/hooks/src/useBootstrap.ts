// `useBootstrap` lives in LatchkeyProvider.tsx (see there why); this module keeps its import path.
export { useBootstrap } from './LatchkeyProvider';
