// The robustness battery's cases for passkeys (collected by test/robustnessCases.ts).
import type { RobustnessCases } from '../../../test/robustnessCases';

/** A body whose `public_key_credential` is the JSON text of `credential`, as the SDK sends it. */
function credentialBody(credential: unknown): string {
  return JSON.stringify({ public_key_credential: JSON.stringify(credential), session_duration_minutes: 30 });
}

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/webauthn/register/start'],
    ['POST', '/webauthn/register'],
    ['POST', '/webauthn/authenticate/start/primary'],
    ['POST', '/webauthn/authenticate/start/secondary'],
    ['POST', '/webauthn/authenticate'],
    ['PUT', '/webauthn/update/webauthn-registration-test-1'],
    ['PUT', '/webauthn/update/%E0%A4%A'],
    ['DELETE', '/users/webauthn_registrations/webauthn-registration-test-1'],
  ],
  bodies: [
    // Options and credentials travel as JSON text inside the JSON body.
    '{"domain":"localhost"}',
    '{"domain":"localhost","return_passkey_credential_options":"yes"}',
    '{"domain":{"$ne":null},"override_id":"\\ud800"}',
    `{"domain":"${'a.'.repeat(200)}com"}`,
    '{"public_key_credential":"{}","session_duration_minutes":30}',
    '{"public_key_credential":"not json"}',
    '{"public_key_credential":{"id":"x"}}',
    `{"public_key_credential":${JSON.stringify('['.repeat(5_000) + ']'.repeat(5_000))}}`,
    credentialBody({
      id: 'AA',
      rawId: 'AA',
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from('{"challenge":"AA","type":"webauthn.get","origin":"x"}').toString('base64url'),
        authenticatorData: 'AA',
        signature: 'AA',
        attestationObject: 'AA',
      },
      clientExtensionResults: {},
    }),
    // A passkey as second factor: the intermediate session token in the body, of every wrong kind.
    '{"domain":"localhost","intermediate_session_token":{"$ne":null}}',
    '{"domain":"localhost","intermediate_session_token":""}',
    `{"domain":"localhost","intermediate_session_token":"${'x'.repeat(300)}"}`,
    '{"domain":"localhost","intermediate_session_token":"unknown-token"}',
    '{"public_key_credential":"{}","intermediate_session_token":"\\ud800"}',
  ],
  cookieBodies: ['{"domain":"localhost"}'],
};
