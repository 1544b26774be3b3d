/// <reference types="vite/client" />
// Every ladle story (`npm run stories`) renders with no running provider and no network: each screen in each of
// its states, from its examples/ folder, inside ladle's global provider (.ladle/components.tsx).
import { LatchkeyProvider } from '@latchkey/hooks';
import { collectStories, expectStoryToRenderOffline, type StoryModule } from '@latchkey/testing/stories';
import { beforeAll, describe, expect, it } from 'vitest';

const storyModules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });
const sourceModules = import.meta.glob(['./**/*.tsx', '!./**/*.test.tsx', '!./**/*.stories.tsx']);
const exampleFiles = Object.keys(import.meta.glob(['./screens/*/examples/*.tsx', './products/*/*/examples/*.tsx']));
// A screen folder holds `<Name>/<Name>Screen.tsx`, shared (screens/) or in its product's folder (products/<key>/);
// helpers such as screens/shared/ are not screens.
const screenFolders = Object.keys(import.meta.glob(['./screens/*/*Screen.tsx', './products/*/*/*Screen.tsx']))
  .map((file) => /^\.\/(screens|products\/[^/]+)\/([^/]+)\/\2Screen\.tsx$/.exec(file))
  .filter((match): match is RegExpExecArray => match !== null)
  .map((match) => `${match[1]}/${match[2]}`)
  .sort();
const stories = collectStories(storyModules);

/** The examples every screen has at least. */
const REQUIRED_EXAMPLES = ['basic', 'error', 'loading', 'custom-layout'];

function examplesOf(folder: string): string[] {
  const prefix = `./${folder}/examples/`;
  return exampleFiles.filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length, -4));
}

describe('the examples/ folders', () => {
  it('finds the screens and their stories', () => {
    expect(screenFolders).toContain('screens/Main');
    expect(stories.length).toBeGreaterThanOrEqual(screenFolders.length);
  });

  it.each(screenFolders)('%s has the basic, error, loading and custom-layout examples', (folder) => {
    const missing = REQUIRED_EXAMPLES.filter((name) => !examplesOf(folder).includes(name));
    expect(missing, `${folder}/examples/ lacks ${missing.join(', ')}`).toEqual([]);
  });

  it.each(screenFolders)('%s has a stories file with one story per example', (folder) => {
    const name = folder.split('/').at(-1);
    const module = storyModules[`./${folder}/${name}Screen.stories.tsx`];
    expect(module, `${folder}/${name}Screen.stories.tsx is missing`).toBeDefined();
    const storyNames = Object.keys(module ?? {}).filter((name) => name !== 'default');
    expect(storyNames).toHaveLength(examplesOf(folder).length);
  });
});

describe('every story renders without a provider or a network', () => {
  // Lazy parts then arrive within the render's act (their modules are already loaded).
  beforeAll(async () => {
    await Promise.all(Object.values(sourceModules).map((load) => load()));
  });

  it.each(stories.map((story) => [story.id, story] as const))('%s', async (_id, story) => {
    await expectStoryToRenderOffline(story, LatchkeyProvider);
  });
});
