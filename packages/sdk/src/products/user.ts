import type { User } from '../contract/common';
import type { ClientContext } from '../internal/context';
import { updateUser } from '../internal/sessionWrites';
import type {
  ConnectedAppsResponse,
  RevokeConnectedAppResponse,
  UserDeleteResponse,
  UserUpdateOptions,
  UserUpdateResponse,
} from './user.contract';

export type { UserInfo } from './userCore';

/** The `DELETE /users/*` calls: method name, path segment and the id's wire name (for argument errors). */
const DELETIONS = {
  deleteEmail: ['emails', 'email_id'],
  deletePhoneNumber: ['phone_numbers', 'phone_id'],
  deleteTOTP: ['totps', 'totp_id'],
  deleteCryptoWallet: ['crypto_wallets', 'crypto_wallet_id'],
  deleteOAuthRegistration: ['oauth', 'oauth_user_registration_id'],
  deleteWebauthnRegistration: ['webauthn_registrations', 'webauthn_registration_id'],
  deleteBiometricRegistration: ['biometric_registrations', 'biometric_registration_id'],
} as const;

/**
 * The calls of `client.user` (the signed-in user's profile, its sign-in methods and the apps it has connected),
 * loaded on first use; the synchronous readers are in the core (`createUserCore`).
 */
function createUser(ctx: ClientContext) {
  const { validate, isPlainObject, InvalidResponseError, INVALID_RESPONSE_MESSAGES } = ctx.shared;
  function deletion(method: keyof typeof DELETIONS) {
    const [segment, idName] = DELETIONS[method];
    return async (id: string): Promise<UserDeleteResponse> => {
      validate(`user.${method}`).isString(idName, id);
      ctx.requireSession();
      return ctx.call<UserDeleteResponse>({
        method: 'DELETE',
        path: `/users/${segment}/${encodeURIComponent(id)}`,
        user: 'required',
      });
    };
  }

  async function revokeConnectedApp(method: string, id: string): Promise<RevokeConnectedAppResponse> {
    validate(`user.${method}`).isString('connected_app_id', id);
    ctx.requireSession();
    return ctx.call<RevokeConnectedAppResponse>({
      method: 'POST',
      path: `/users/connected_apps/${encodeURIComponent(id)}/revoke`,
    });
  }

  return {
    /** Fetches the signed-in user (`GET /users/me`), stores it as the local user and returns it. */
    async get(): Promise<User> {
      ctx.requireSession();
      const data = await ctx.call<Record<string, unknown>>({ method: 'GET', path: '/users/me' });
      // The user is flat in `data`, next to the envelope's request_id and status_code.
      const { request_id: _requestId, status_code: _statusCode, ...user } = data;
      if (!isPlainObject(user) || typeof user.user_id !== 'string') {
        throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
      }
      updateUser(ctx.session, user as unknown as User);
      return user as unknown as User;
    },

    /** Changes the user's name and/or untrusted metadata (`PUT /users/me`); the stored user is replaced. */
    async update(options: UserUpdateOptions): Promise<UserUpdateResponse> {
      validate('user.update')
        .isObject('options', options)
        .isOptionalObject('name', options.name)
        .isOptionalObject('untrusted_metadata', options.untrusted_metadata);
      const name = options.name ?? {};
      validate('user.update')
        .isOptionalString('name.first_name', name.first_name)
        .isOptionalString('name.middle_name', name.middle_name)
        .isOptionalString('name.last_name', name.last_name);
      ctx.requireSession();
      return ctx.call<UserUpdateResponse>({ method: 'PUT', path: '/users/me', body: { ...options }, user: 'required' });
    },

    /** Removes an email address from the user (`DELETE /users/emails/{email_id}`). */
    deleteEmail: deletion('deleteEmail'),
    /** Removes a phone number from the user (`DELETE /users/phone_numbers/{phone_id}`). */
    deletePhoneNumber: deletion('deletePhoneNumber'),
    /** Removes an authenticator app from the user (`DELETE /users/totps/{totp_id}`). */
    deleteTOTP: deletion('deleteTOTP'),
    /** Removes a crypto wallet from the user (`DELETE /users/crypto_wallets/{crypto_wallet_id}`). */
    deleteCryptoWallet: deletion('deleteCryptoWallet'),
    /** Removes a social sign-in from the user (`DELETE /users/oauth/{oauth_user_registration_id}`). */
    deleteOAuthRegistration: deletion('deleteOAuthRegistration'),
    /** Removes a passkey or security key from the user (`DELETE /users/webauthn_registrations/{id}`). */
    deleteWebauthnRegistration: deletion('deleteWebauthnRegistration'),
    /** Removes a biometric registration from the user (`DELETE /users/biometric_registrations/{id}`). */
    deleteBiometricRegistration: deletion('deleteBiometricRegistration'),

    /** The apps the user has granted access to through the identity provider (`GET /users/connected_apps`). */
    async getConnectedApps(): Promise<ConnectedAppsResponse> {
      ctx.requireSession();
      return ctx.call<ConnectedAppsResponse>({ method: 'GET', path: '/users/connected_apps' });
    },

    /** Revokes an app's access (`POST /users/connected_apps/{id}/revoke`). The contract's name, sic. */
    revokedConnectedApp: (connectedAppId: string) => revokeConnectedApp('revokedConnectedApp', connectedAppId),

    /** Same as `revokedConnectedApp`, spelled as a verb. */
    revokeConnectedApp: (connectedAppId: string) => revokeConnectedApp('revokeConnectedApp', connectedAppId),
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createUser as create };
