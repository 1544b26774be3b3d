// Types of the user endpoints. Field names are the wire's, snake_case, exactly.
import type { ResponseCommon, User, UserEmail, UserName, UserPhoneNumber, WithUser } from '../contract/common';
import type { UserCryptoWallet } from './cryptoWallets.contract';

/** `data` of `GET /users/me`: the user itself, flat, plus `request_id`/`status_code` (stripped by the SDK). */
export type UserGetResponse = User & ResponseCommon;

/** Body of `PUT /users/me`: only what the caller passes is changed. */
export interface UserUpdateOptions {
  name?: Partial<UserName>;
  untrusted_metadata?: Record<string, unknown>;
}

/** What `user.update` returns (the wire answer also carries `__user`, which the SDK stores and strips). */
export interface UserUpdateResponse extends ResponseCommon {
  user_id: string;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  crypto_wallets: UserCryptoWallet[];
}

/** `data` of `PUT /users/me` on the wire: `__user` is required. */
export type UserUpdateWireResponse = UserUpdateResponse & WithUser;

/** What the `user.delete*` calls return (the wire answer also carries `__user`). */
export interface UserDeleteResponse extends ResponseCommon {
  user_id: string;
}

/** `data` of every `DELETE /users/*` on the wire: `__user` is required. */
export type UserDeleteWireResponse = UserDeleteResponse & WithUser;

/** One application the user has granted access to through the identity provider. */
export interface ConnectedApp {
  connected_app_id: string;
  name: string;
  description: string;
  client_type: string;
  logo_url?: string;
  /** Space-separated scopes. */
  scopes_granted: string;
}

/** `data` of `GET /users/connected_apps`. */
export interface ConnectedAppsResponse extends ResponseCommon {
  connected_apps: ConnectedApp[];
}

/** `data` of `POST /users/connected_apps/{connected_app_id}/revoke` (sent without a body). */
export type RevokeConnectedAppResponse = ResponseCommon;
