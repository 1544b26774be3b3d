import { usePasswordFlow } from '@latchkey/hooks';
import { useMessages } from '../../messages/index';
import { createEmailFlowBinder, type EmailFlowBinding, EmailForm, useEmailForm } from '../../screens/Main/EmailForm';
import { passwordMessages } from './messages';

/** The password flow behind an email form ('Email format is invalid.'): searches the user, then the password screen. */
export function usePasswordEmailFlow(): EmailFlowBinding {
  const t = useMessages(passwordMessages);
  const flow = usePasswordFlow();
  return {
    invalidMessage: t('emailForm.invalidEmail'),
    submitEmail: flow.search,
    isPending: flow.status === 'searching' || flow.status === 'sending',
    flowError: flow.error,
    resetFlow: flow.reset,
  };
}

/** The password email form ('Email format is invalid.'): searches the user, then opens the password screen. */
export function PasswordEmailForm() {
  const form = useEmailForm({ kind: 'password', ...usePasswordEmailFlow() });
  return <EmailForm value={form} />;
}

/** Binds the Main screen's email field to the password flow (see `createEmailFlowBinder`). */
export const PasswordEmailFlow = createEmailFlowBinder(usePasswordEmailFlow);
