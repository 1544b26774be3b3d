// Shared by the social sign-in tests: a provider and a client whose navigations are recorded (the start URL, One
// Tap's redirect), and the query of a start URL.
import type { ProviderConfigInput } from '@latchkey/provider';
import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';

/** A test environment whose client records where it sends the browser instead of going there. */
export async function socialEnvironment(
  config: ProviderConfigInput = {},
): Promise<{ env: TestEnvironment; navigations: string[] }> {
  const navigations: string[] = [];
  const env = await startTestEnvironment({
    config,
    clientOptions: { environment: { navigate: (url: string) => void navigations.push(url) } },
  });
  return { env, navigations };
}

/** A navigation's URL and its query as an object. */
export function startUrlOf(navigation: string | undefined): { url: URL; query: Record<string, string> } {
  if (navigation === undefined) throw new Error('the client sent the browser nowhere');
  const url = new URL(navigation);
  return { url, query: Object.fromEntries(url.searchParams) };
}
