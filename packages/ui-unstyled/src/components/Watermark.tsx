import { useBootstrap } from '@latchkey/hooks';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useMessages } from '../messages/index';
import { createPart, type PartProps } from '../primitives/createPart';

/** Where the watermark links to. */
export const WATERMARK_URL = 'https://github.com/latchkey/latchkey';

/** The logo's width in CSS pixels (the widget spec's 150 px); its height follows from the drawing (150 × 28). */
export const WATERMARK_LOGO_WIDTH = 150;
const LOGO_HEIGHT = 28;

const WatermarkRoot = createPart('watermark', 'root', 'a');
const WatermarkText = createPart('watermark', 'text', 'span');

/** Props of `WatermarkLogo`: an `<svg>`'s own. */
export type WatermarkLogoProps = ComponentPropsWithoutRef<'svg'>;

/**
 * The Latchkey logo (`data-scope="watermark"`, `data-part="logo"`): a key and the name (the catalogue's
 * `watermark.name`), drawn in `currentColor`, 150 px wide. Hidden from assistive technology: the link around it
 * carries the name, so the widget has a single image role, the project's own logo.
 */
export const WatermarkLogo = forwardRef<SVGSVGElement, WatermarkLogoProps>(function WatermarkLogo(props, ref) {
  const t = useMessages();
  return (
    <svg
      data-scope="watermark"
      data-part="logo"
      aria-hidden="true"
      width={WATERMARK_LOGO_WIDTH}
      height={LOGO_HEIGHT}
      viewBox={`0 0 ${WATERMARK_LOGO_WIDTH} ${LOGO_HEIGHT}`}
      fill="none"
      focusable="false"
      {...props}
      ref={ref}
    >
      {/* The key: a ring, a shaft and two teeth. */}
      <circle cx="8" cy="14" r="5.5" stroke="currentColor" strokeWidth="2.5" />
      <path d="M13.5 14H28M22 14v5M26.5 14v4" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <text
        x="36"
        y="20"
        fill="currentColor"
        fontFamily="inherit"
        fontSize="18"
        fontWeight="600"
        textLength="108"
        lengthAdjust="spacingAndGlyphs"
      >
        {t('watermark.name')}
      </text>
    </svg>
  );
});

/** Props of `WatermarkLink`. */
export type WatermarkLinkProps = PartProps<'a'>;

/**
 * The 'Powered by' link (`data-scope="watermark"`, parts `root`, `text` and `logo`), opening a new tab: the words
 * 'Powered by' and the 150-px-wide logo. Its accessible name is 'Powered by Latchkey' (`aria-label`, from
 * `watermark.poweredBy` and `watermark.name`), the words a sighted user reads. Always rendered; use `Watermark` to
 * follow the project's `displayWatermark` setting.
 */
export const WatermarkLink = forwardRef<HTMLAnchorElement, WatermarkLinkProps>(function WatermarkLink(
  { children, ...props },
  ref,
) {
  const t = useMessages();
  return (
    <WatermarkRoot
      href={WATERMARK_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={children === undefined ? `${t('watermark.poweredBy')} ${t('watermark.name')}` : undefined}
      {...props}
      ref={ref}
    >
      {children ?? (
        <>
          <WatermarkText>{t('watermark.poweredBy')}</WatermarkText> <WatermarkLogo />
        </>
      )}
    </WatermarkRoot>
  );
});

/**
 * The watermark: the 'Powered by' link, shown only when the project's bootstrap setting
 * `displayWatermark` is on. Needs `<LatchkeyProvider>`.
 */
export const Watermark = forwardRef<HTMLAnchorElement, WatermarkLinkProps>(function Watermark(props, ref) {
  const { displayWatermark } = useBootstrap();
  if (!displayWatermark) return null;
  return <WatermarkLink {...props} ref={ref} />;
});
