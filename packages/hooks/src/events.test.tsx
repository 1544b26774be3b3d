import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { LatchkeyFlowError } from './errors';
import type { LatchkeyEvent, LatchkeyEventType, SignInCallbacks } from './events';
import { createSignInStore } from './signInStore';

describe('events', () => {
  it('names exactly the four widget events and the six identity-provider events', () => {
    expectTypeOf<LatchkeyEventType>().toEqualTypeOf<
      | 'MAGIC_LINK_LOGIN_OR_CREATE'
      | 'OTP_LOGIN_OR_CREATE'
      | 'PASSKEY_AUTHENTICATE'
      | 'AUTHENTICATE_FLOW_COMPLETE'
      | 'OAUTH_AUTHORIZE_FLOW_START'
      | 'OAUTH_AUTHORIZE_FLOW_COMPLETE'
      | 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED'
      | 'OAUTH_LOGOUT_FLOW_START'
      | 'OAUTH_LOGOUT_FLOW_COMPLETE'
      | 'OAUTH_LOGOUT_FLOW_DENIED'
    >();
    expectTypeOf<LatchkeyEvent>().toEqualTypeOf<{ type: LatchkeyEventType; data: unknown }>();
  });

  it('callbacks passed to a sign-in store reach the host', () => {
    const onEvent = vi.fn<(event: LatchkeyEvent) => void>();
    const onError = vi.fn<(error: LatchkeyFlowError) => void>();
    const callbacks: SignInCallbacks = { onEvent, onError };
    const { callbacks: stored } = createSignInStore({}, callbacks).getState();
    stored.onEvent?.({ type: 'OTP_LOGIN_OR_CREATE', data: { method_id: 'email-test-1' } });
    stored.onError?.({ type: 'network_error', message: 'Unable to contact our servers.' });
    expect(onEvent).toHaveBeenCalledWith({ type: 'OTP_LOGIN_OR_CREATE', data: { method_id: 'email-test-1' } });
    expect(onError).toHaveBeenCalledWith({ type: 'network_error', message: 'Unable to contact our servers.' });
  });
});
