import { useBootstrap } from '@latchkey/hooks';
import { forwardRef } from 'react';
import { useMessages } from '../messages/index';
import { createPart, type PartProps } from '../primitives/createPart';

/** Where the watermark links to. */
export const WATERMARK_URL = 'https://github.com/latchkey/latchkey';

const WatermarkRoot = createPart('watermark', 'root', 'a');
const WatermarkName = createPart('watermark', 'name', 'span');

/** Props of `WatermarkLink`. */
export type WatermarkLinkProps = PartProps<'a'>;

/**
 * The 'Powered by' link (`data-scope="watermark"`, parts `root` and `name`), opening a new tab. Always rendered;
 * use `Watermark` to follow the project's `displayWatermark` setting.
 */
export const WatermarkLink = forwardRef<HTMLAnchorElement, WatermarkLinkProps>(function WatermarkLink(
  { children, ...props },
  ref,
) {
  const t = useMessages();
  return (
    <WatermarkRoot href={WATERMARK_URL} target="_blank" rel="noopener noreferrer" {...props} ref={ref}>
      {children ?? (
        <>
          {t('watermark.poweredBy')} <WatermarkName>{t('watermark.name')}</WatermarkName>
        </>
      )}
    </WatermarkRoot>
  );
});

/**
 * The watermark of sdk-and-idp §2 Other: the 'Powered by' link, shown only when the project's bootstrap setting
 * `displayWatermark` is on. Needs `<LatchkeyProvider>`.
 */
export const Watermark = forwardRef<HTMLAnchorElement, WatermarkLinkProps>(function Watermark(props, ref) {
  const { displayWatermark } = useBootstrap();
  if (!displayWatermark) return null;
  return <WatermarkLink {...props} ref={ref} />;
});
