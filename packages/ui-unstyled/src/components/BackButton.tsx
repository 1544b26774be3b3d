import { forwardRef } from 'react';
import { useMessages } from '../messages/index';
import { createPart, type PartProps } from '../primitives/createPart';

const BackButtonRoot = createPart('back-button', 'root', 'button');

/** Props of `BackButton`: a button's, `aria-label` defaults to the 'Back' message. */
export type BackButtonProps = PartProps<'button'>;

/**
 * The back arrow of a screen: `<button type="button" aria-label="Back" data-scope="back-button" data-part="root">`
 * holding a decorative arrow (`data-part="icon"`, hidden from assistive technology). Pass `children` to replace
 * the arrow.
 */
export const BackButton = forwardRef<HTMLButtonElement, BackButtonProps>(function BackButton(
  { children, ...props },
  ref,
) {
  const t = useMessages();
  return (
    <BackButtonRoot type="button" aria-label={t('common.back')} {...props} ref={ref}>
      {children ?? (
        <svg
          data-scope="back-button"
          data-part="icon"
          aria-hidden="true"
          focusable="false"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M19 12H5M12 19l-7-7 7-7" />
        </svg>
      )}
    </BackButtonRoot>
  );
});
