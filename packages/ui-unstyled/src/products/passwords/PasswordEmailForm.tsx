import { usePasswordFlow } from '@latchkey/hooks';
import { useMessages } from '../../messages/index';
import { EmailForm, useEmailForm } from '../../screens/Main/EmailForm';
import { passwordMessages } from './messages';

/** The password email form ('Email format is invalid.'): searches the user, then opens the password screen. */
export function PasswordEmailForm() {
  const t = useMessages(passwordMessages);
  const flow = usePasswordFlow();
  const form = useEmailForm({
    kind: 'password',
    invalidMessage: t('emailForm.invalidEmail'),
    submitEmail: flow.search,
    isPending: flow.status === 'searching' || flow.status === 'sending',
    flowError: flow.error,
    resetFlow: flow.reset,
  });
  return <EmailForm value={form} />;
}
