import { useMagicLinkFlow } from '@latchkey/hooks';
import { useMessages } from '../../messages/index';
import { EmailForm, useEmailForm } from '../../screens/Main/EmailForm';

/** The magic-link email form ('Email format is invalid.'); sends the link and moves to EmailConfirmation. */
export function MagicLinkEmailForm() {
  const t = useMessages();
  const flow = useMagicLinkFlow();
  const form = useEmailForm({
    kind: 'magicLink',
    invalidMessage: t('emailForm.invalidEmail'),
    submitEmail: flow.send,
    isPending: flow.status === 'sending',
    flowError: flow.error,
    resetFlow: flow.reset,
  });
  return <EmailForm value={form} />;
}
