import { useOtpFlow } from '@latchkey/hooks';
import { useCallback } from 'react';
import { useMessages } from '../../messages/index';
import { EmailForm, useEmailForm } from '../../screens/Main/EmailForm';
import { otpMessages } from './messages';

/** The email passcode form ('Invalid email address.'); sends a code and moves to OTPAuthenticate. */
export function OtpEmailForm() {
  const t = useMessages(otpMessages);
  const flow = useOtpFlow();
  const { send } = flow;
  const submitEmail = useCallback((email: string) => send({ method: 'email', destination: email }), [send]);
  const form = useEmailForm({
    kind: 'otp',
    invalidMessage: t('emailForm.invalidOtpEmail'),
    submitEmail,
    isPending: flow.status === 'sending',
    flowError: flow.error,
    resetFlow: flow.reset,
  });
  return <EmailForm value={form} />;
}
