// Types of `POST /users/search`. Its answer is camelCase, unlike the rest of the wire.
import type { ProtectedFields, ResponseCommon } from './common';

/** What the provider knows of an email: no user yet, a user with a password, or one without. */
export type UsersSearchUserType = 'new' | 'password' | 'passwordless';

/** `POST /users/search`. */
export interface UsersSearchRequest extends ProtectedFields {
  email: string;
}

/** `data` of `POST /users/search`. `userType` is camelCase on the wire. */
export interface UsersSearchResponse extends ResponseCommon {
  userType: UsersSearchUserType;
}
