// The icons copied from simple-icons still equal the package's (each is written out in its own module so the build
// splits it), Google's is its standard-colour "G", and every provider of the 19 has an icon module.
import { OAUTH_PROVIDERS } from '@latchkey/sdk';
import {
  siApple,
  siBitbucket,
  siDiscord,
  siFacebook,
  siFigma,
  siGithub,
  siGitlab,
  siSnapchat,
  siTiktok,
  siTwitch,
  siX,
} from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { hasProviderIcon, loadProviderIcons } from './ProviderIcon';

const FROM_SIMPLE_ICONS = {
  apple: siApple,
  github: siGithub,
  gitlab: siGitlab,
  facebook: siFacebook,
  discord: siDiscord,
  bitbucket: siBitbucket,
  twitch: siTwitch,
  twitter: siX,
  tiktok: siTiktok,
  snapchat: siSnapchat,
  figma: siFigma,
};

describe('social provider icons', () => {
  it('has an icon for each of the 19 providers, and none for another type', async () => {
    for (const provider of OAUTH_PROVIDERS) expect(hasProviderIcon(provider)).toBe(true);
    expect(hasProviderIcon('myspace')).toBe(false);
    expect(hasProviderIcon('constructor')).toBe(false);
    await expect(loadProviderIcons([...OAUTH_PROVIDERS, 'myspace'])).resolves.toBeUndefined();
  });

  it.each(Object.entries(FROM_SIMPLE_ICONS))("%s's path is simple-icons', unchanged", async (provider, icon) => {
    const { glyph } = (await import(`./icons/${provider}.ts`)) as { glyph: { path: string } };
    expect(glyph.path).toBe(icon.path);
  });

  it('draws Google\'s "G" in its four brand colours (Google\'s branding rules), not one colour', async () => {
    const { glyph } = await import('./icons/google');
    expect(glyph.path).toBeUndefined();
    expect(glyph.brand?.paths.map((part) => part.fill)).toEqual(['#EA4335', '#4285F4', '#FBBC05', '#34A853']);
  });
});
