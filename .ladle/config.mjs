// Ladle (`npm run stories`, `npm run stories:build`): every screen of both kits, rendered from the packages' `src`
// (the `latchkey-source` export condition, see vite.config.ts), so no build is needed.
/** @type {import('@ladle/react').UserConfig} */
export default {
  stories: ['packages/ui-unstyled/src/**/*.stories.tsx', 'packages/ui-default/src/**/*.stories.tsx'],
  viteConfig: '.ladle/vite.config.ts',
  // Inside .ladle so it is ignored by git and biome like every other dist/ folder.
  outDir: '.ladle/dist',
  addons: {
    // The stories are the accessibility reference: keep ladle's axe panel one key away ('a').
    a11y: { enabled: true },
  },
};
