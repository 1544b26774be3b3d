import type { TelemetryBlob } from '../contract/common';
import type { LatchkeyEnvironment } from '../environment';
import { SDK_IDENTIFIER, SDK_VERSION } from '../version';

/** Base64 of UTF-8 text (`btoa` alone throws on characters outside Latin-1). */
export function base64Encode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The telemetry blob of one request (the `X-SDK-Client` header). The three ids are random per request by design:
 * they must not let anyone correlate a user's sessions.
 */
export function createTelemetryBlob(
  environment: LatchkeyEnvironment,
  identity: { userId?: string | undefined; sessionId?: string | undefined },
): TelemetryBlob {
  const blob: TelemetryBlob = {
    event_id: `event-id-${environment.randomUUID()}`,
    app_session_id: `app-session-id-${environment.randomUUID()}`,
    persistent_id: `persistent-id-${environment.randomUUID()}`,
    client_sent_at: new Date(environment.timers.now()).toISOString(),
    timezone: environment.timezone(),
    app: { identifier: environment.location.hostname },
    sdk: { identifier: SDK_IDENTIFIER, version: `@latchkey/sdk@${SDK_VERSION}` },
  };
  if (identity.userId) blob.stytch_user_id = identity.userId;
  if (identity.sessionId) blob.stytch_session_id = identity.sessionId;
  return blob;
}
