// What the stories' tests (packages/ui-unstyled/src/stories.test.tsx, packages/ui-default/src/stories/
// stories.test.tsx) share: reading `*.stories.tsx` modules as ladle does (named exports are stories, the default
// export holds the title and decorators) and rendering one the way ladle's global provider does, with no network.
import type { LatchkeyClient } from '@latchkey/sdk';
import { act, render } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { createOfflineClient, type OfflineRequest } from './offlineClient';

/**
 * What puts the client in context for the story: `LatchkeyProvider` from `@latchkey/hooks`, passed in by the test
 * (this package cannot depend on the hooks, whose tests depend on it).
 */
export type ClientProvider = ComponentType<{ client: LatchkeyClient; children?: ReactNode }>;

/** A story component, with ladle's optional `args` and `decorators`. */
export type StoryComponent = ComponentType<Record<string, unknown>> & {
  args?: Record<string, unknown>;
  decorators?: StoryDecoratorFunction[];
};

/** A ladle decorator: wraps the story (or the next decorator) in more markup. */
export type StoryDecoratorFunction = (Story: ComponentType, context: { args: Record<string, unknown> }) => ReactElement;

/** A `*.stories.tsx` module as ladle reads it. */
export interface StoryModule {
  default?: { title?: string; decorators?: StoryDecoratorFunction[] };
  [name: string]: unknown;
}

/** One story: where it comes from and how to render it. */
export interface CollectedStory {
  /** `Unstyled/Main › Basic` (the default title, else the file). */
  id: string;
  file: string;
  name: string;
  Story: StoryComponent;
  /** The story's decorators, then the file's, innermost first (ladle's order). */
  decorators: StoryDecoratorFunction[];
}

/** Every story of the modules `import.meta.glob(…, { eager: true })` returned, by file. */
export function collectStories(modules: Record<string, StoryModule>): CollectedStory[] {
  return Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, module]) =>
      Object.entries(module)
        .filter(([name]) => name !== 'default')
        .map(([name, value]) => {
          if (typeof value !== 'function') throw new Error(`${file}: the export ${name} is not a story (a component)`);
          const Story = value as StoryComponent;
          return {
            id: `${module.default?.title ?? file} › ${name}`,
            file,
            name,
            Story,
            decorators: [...(Story.decorators ?? []), ...(module.default?.decorators ?? [])],
          };
        }),
    );
}

/** The story with its args and decorators applied, as ladle's story view renders it (built once per test). */
function storyElement(story: CollectedStory): ReactElement {
  const args = story.Story.args ?? {};
  let Current: ComponentType = () => <story.Story {...args} />;
  for (const decorator of story.decorators) {
    const Inner: ComponentType = Current;
    Current = (): ReactElement => decorator(Inner, { args });
  }
  return <Current />;
}

// The client's own start-up call (the project settings) and telemetry are answered in the page; anything else a
// story sends means it is not a fixed example.
const isClientStartUp = ({ method, path }: OfflineRequest) =>
  (method === 'GET' && path.startsWith('/projects/bootstrap/')) || (method === 'POST' && path === '/events');

/**
 * Renders a story inside `Provider` (`LatchkeyProvider`) on the offline client, as ladle's global provider
 * (.ladle/components.tsx) does, and checks that it shows text (or a labelled element), logs no error and sends
 * nothing: no `fetch`, no XMLHttpRequest, no client call but the client's start-up. Returns the container.
 */
export async function expectStoryToRenderOffline(
  story: CollectedStory,
  Provider: ClientProvider,
): Promise<HTMLElement> {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    throw new Error(`A story sent a network request: ${String(input)}`);
  });
  const xhrSpy = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {
    throw new Error('A story sent an XMLHttpRequest');
  });
  const consoleErrorSpy = vi.spyOn(console, 'error');
  const requests: OfflineRequest[] = [];
  const client = createOfflineClient({ onRequest: (request) => requests.push(request) });
  try {
    const { container } = render(<Provider client={client}>{storyElement(story)}</Provider>);
    // Let lazy parts (method tabs, forms, screens) arrive inside act: the test warms their modules first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Text, or at least a labelled element (a loading state can be a spinner alone: role status, aria-label).
    const labels = [...container.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label'));
    const perceivable = [container.textContent ?? '', ...labels].join(' ').trim();
    expect(perceivable, 'the story shows no text and no labelled element').not.toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
    expect(requests.filter((request) => !isClientStartUp(request))).toEqual([]);
    expect(consoleErrorSpy).not.toHaveBeenCalled();
    return container;
  } finally {
    client.destroy();
    fetchSpy.mockRestore();
    xhrSpy.mockRestore();
    consoleErrorSpy.mockRestore();
  }
}
