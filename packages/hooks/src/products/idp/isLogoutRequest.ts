// A module of its own: the identity-provider mount point calls it synchronously to choose its screen, before the
// consent and logout screens' chunk (with `useAuthorize` and `useLogout`) has loaded.

/** Whether the query string is a logout request (`post_logout_redirect_uri` present). */
export function isLogoutRequest(search: string): boolean {
  return new URLSearchParams(search).has('post_logout_redirect_uri');
}
