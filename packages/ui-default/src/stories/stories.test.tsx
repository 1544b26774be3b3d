/// <reference types="vite/client" />
// The default kit's ladle stories (`Default/*`) render with no running provider and no network, inside the kit's
// root, and every unstyled example has its themed twin.
import { LatchkeyProvider } from '@latchkey/hooks';
import { collectStories, expectStoryToRenderOffline, type StoryModule } from '@latchkey/testing/stories';
import { beforeAll, describe, expect, it } from 'vitest';

const storyModules = import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true });
const unstyledStoryModules = import.meta.glob<StoryModule>(
  [
    '../../../ui-unstyled/src/screens/*/*Screen.stories.tsx',
    '../../../ui-unstyled/src/products/*/*/*Screen.stories.tsx',
  ],
  { eager: true },
);
const sourceModules = import.meta.glob([
  '../**/*.tsx',
  '../../../ui-unstyled/src/**/*.tsx',
  '!**/*.test.tsx',
  '!**/*.stories.tsx',
]);
const stories = collectStories(storyModules);

describe('the Default/* stories', () => {
  it.each(Object.entries(unstyledStoryModules))('%s has a themed twin with the same stories', (file, unstyled) => {
    const screenStories = `./${file.split('/').at(-1)}`;
    const names = (module: StoryModule | undefined) => Object.keys(module ?? {}).filter((name) => name !== 'default');
    expect(names(storyModules[screenStories]), `src/stories/${screenStories.slice(2)}`).toEqual(names(unstyled));
    expect(storyModules[screenStories]?.default?.title).toBe(unstyled.default?.title?.replace('Unstyled/', 'Default/'));
  });
});

describe('every Default story renders in the kit’s root without a provider or a network', () => {
  beforeAll(async () => {
    await Promise.all(Object.values(sourceModules).map((load) => load()));
  });

  it.each(stories.map((story) => [story.id, story] as const))('%s', async (_id, story) => {
    const container = await expectStoryToRenderOffline(story, LatchkeyProvider);
    expect(container.firstElementChild?.classList.contains('lk-Root')).toBe(true);
  });
});
