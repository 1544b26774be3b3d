import { useSignInStore } from '@latchkey/hooks';
import { errorText, isMainMessageId, useErrorMessagesPending, useMessages } from '../../messages/index';

/** What `useErrorScreen` returns. */
export interface UseErrorScreenReturn {
  /** The text to show: the catalogue's for the stored message id, else the stored message. */
  message: string;
  /** The back control shows: unless `style.hideErrorBackButton` is set (the spec's optional back control). */
  canGoBack: boolean;
  /** Back to Main (clears the error). */
  back: () => void;
}

/** The error screen's state: the store's error descriptor. */
export function useErrorScreen(): UseErrorScreenReturn {
  const t = useMessages();
  const descriptor = useSignInStore((state) => state.formState.errorDescriptor);
  const back = useSignInStore((state) => state.back);
  const hideBack = useSignInStore((state) => state.config.style.hideErrorBackButton === true);
  const isCataloguePending = useErrorMessagesPending();
  let message = '';
  // The error catalogue's chunk is fetched before this screen's (screenLoaders.ts); rendered on its own, the
  // message stays empty until it is in rather than show another text.
  if (descriptor && !isCataloguePending) {
    // The id may be a message id of the catalogue or an error_type; else the text as stored.
    message = isMainMessageId(descriptor.messageId)
      ? t(descriptor.messageId)
      : errorText(t, { type: descriptor.messageId, message: descriptor.message });
  }
  return { message, canGoBack: !hideBack, back };
}
