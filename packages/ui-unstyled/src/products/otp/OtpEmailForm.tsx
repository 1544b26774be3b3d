import { useOtpFlow } from '@latchkey/hooks';
import { useCallback } from 'react';
import { useMessages } from '../../messages/index';
import { createEmailFlowBinder, type EmailFlowBinding, EmailForm, useEmailForm } from '../../screens/Main/EmailForm';
import { otpMessages } from './messages';

/** The email passcode flow behind an email form ('Invalid email address.'): sends a code, then OTPAuthenticate. */
export function useOtpEmailFlow(): EmailFlowBinding {
  const t = useMessages(otpMessages);
  const flow = useOtpFlow();
  const { send } = flow;
  const submitEmail = useCallback((email: string) => send({ method: 'email', destination: email }), [send]);
  return {
    invalidMessage: t('emailForm.invalidOtpEmail'),
    submitEmail,
    isPending: flow.status === 'sending',
    flowError: flow.error,
    resetFlow: flow.reset,
  };
}

/** The email passcode form ('Invalid email address.'); sends a code and moves to OTPAuthenticate. */
export function OtpEmailForm() {
  const form = useEmailForm({ kind: 'otp', ...useOtpEmailFlow() });
  return <EmailForm value={form} />;
}

/** Binds the Main screen's email field to the email passcode flow (see `createEmailFlowBinder`). */
export const OtpEmailFlow = createEmailFlowBinder(useOtpEmailFlow);
