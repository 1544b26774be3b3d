import type { User } from '../contract/common';
import type { SessionManager } from '../internal/sessionManager';
import { validate } from '../validation';

/** What `user.getInfo()` returns: the stored user and whether it comes from storage, unconfirmed. */
export interface UserInfo {
  user: User | null;
  fromCache: boolean;
}

/** The synchronous part of `client.user`, in the core: the stored user and its changes. */
export function createUserCore(session: SessionManager) {
  return {
    /** The stored user, or null when signed out. Makes no request. */
    getSync(): User | null {
      return session.getSnapshot().user;
    },

    /** The stored user and whether it was read from storage and not yet confirmed by the provider. */
    getInfo(): UserInfo {
      const { user, fromCache } = session.getSnapshot();
      return { user, fromCache };
    },

    /** Calls `callback` with the new user (or null) whenever the stored user changes; returns the unsubscribe. */
    onChange(callback: (user: User | null) => void): () => void {
      validate('user.onChange').rule(typeof callback === 'function', 'callback must be a function');
      let last = session.getSnapshot().user;
      return session.subscribe((snapshot) => {
        if (snapshot.user === last) return;
        last = snapshot.user;
        callback(snapshot.user);
      });
    },
  };
}
