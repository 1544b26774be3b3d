// The social providers' icons, drawn by us as inline SVG: simple-icons' marks (CC0) where it has a readable one, small
// glyphs of our own for the rest (icons/<provider>.ts says which). Each icon is its own module behind a dynamic import,
// so the build splits it into its own chunk and a page downloads only its configured providers' icons.
import { forwardRef, type SVGProps, useEffect, useState } from 'react';
import type { ProviderGlyph } from './icons/glyph';

type GlyphModule = Promise<{ glyph: ProviderGlyph }>;

// One literal import per provider: bundlers split each into its own chunk (a template `import(\`./icons/${x}\`)`
// would put every icon in one glob chunk or none).
const GLYPH_LOADERS: Readonly<Record<string, () => GlyphModule>> = {
  google: () => import('./icons/google'),
  microsoft: () => import('./icons/microsoft'),
  apple: () => import('./icons/apple'),
  github: () => import('./icons/github'),
  gitlab: () => import('./icons/gitlab'),
  facebook: () => import('./icons/facebook'),
  discord: () => import('./icons/discord'),
  salesforce: () => import('./icons/salesforce'),
  slack: () => import('./icons/slack'),
  amazon: () => import('./icons/amazon'),
  bitbucket: () => import('./icons/bitbucket'),
  linkedin: () => import('./icons/linkedin'),
  coinbase: () => import('./icons/coinbase'),
  twitch: () => import('./icons/twitch'),
  twitter: () => import('./icons/twitter'),
  tiktok: () => import('./icons/tiktok'),
  snapchat: () => import('./icons/snapchat'),
  figma: () => import('./icons/figma'),
  yahoo: () => import('./icons/yahoo'),
};

// Icons already in, so a button drawn again (back to Main) shows its icon in its first render.
const loaded = new Map<string, ProviderGlyph>();
const pending = new Map<string, Promise<ProviderGlyph | null>>();

/** Whether `provider` has an icon (one of the 19 providers). */
export function hasProviderIcon(provider: string): boolean {
  return Object.hasOwn(GLYPH_LOADERS, provider);
}

/**
 * Downloads the icons of `providers` (unknown ones are skipped), once each; resolves when they are in. The social
 * block calls it with its configured providers; `preloadSignIn` can too, so a server-rendered page hydrates with them.
 */
export function loadProviderIcons(providers: readonly string[]): Promise<void> {
  return Promise.all(providers.map(loadGlyph)).then(() => undefined);
}

function loadGlyph(provider: string): Promise<ProviderGlyph | null> {
  const cached = loaded.get(provider);
  if (cached) return Promise.resolve(cached);
  const load = hasProviderIcon(provider) ? GLYPH_LOADERS[provider] : undefined;
  if (!load) return Promise.resolve(null);
  let promise = pending.get(provider);
  if (!promise) {
    promise = load().then(
      ({ glyph }) => {
        loaded.set(provider, glyph);
        return glyph;
      },
      // A failed download leaves the button without its icon (its name is the text); the next render retries.
      () => {
        pending.delete(provider);
        return null;
      },
    );
    pending.set(provider, promise);
  }
  return promise;
}

/** Props of `ProviderIcon`: an `<svg>`'s, and the provider it draws. */
export interface ProviderIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  provider: string;
}

/**
 * A social provider's icon: a decorative `<svg data-part="provider-icon" data-provider="<type>">` (hidden from
 * assistive technology; the button names the provider), drawn in `currentColor`, 20 px; Google's "G" in its own
 * four colours (`data-brand-colours`), as Google's branding rules require. It keeps its size while its
 * path downloads (no layout shift), and renders nothing for a provider outside the 19.
 */
export const ProviderIcon = forwardRef<SVGSVGElement, ProviderIconProps>(function ProviderIcon(
  { provider, ...props },
  ref,
) {
  const [glyph, setGlyph] = useState(() => loaded.get(provider) ?? null);
  useEffect(() => {
    let isCurrent = true;
    setGlyph(loaded.get(provider) ?? null);
    void loadGlyph(provider).then((next) => {
      if (isCurrent) setGlyph(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [provider]);
  if (!hasProviderIcon(provider)) return null;
  const brand = glyph?.brand;
  return (
    <svg
      data-part="provider-icon"
      data-provider={provider}
      data-loading={glyph ? undefined : ''}
      data-brand-colours={brand ? '' : undefined}
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox={brand?.viewBox ?? '0 0 24 24'}
      fill="currentColor"
      {...props}
      ref={ref}
    >
      {brand ? (
        brand.paths.map((part) => <path key={part.fill} d={part.d} fill={part.fill} />)
      ) : glyph?.path ? (
        <path d={glyph.path} fillRule={glyph.evenOdd ? 'evenodd' : undefined} />
      ) : null}
    </svg>
  );
});
