// The identity-provider hooks: the consent and logout screens (`useAuthorize`, `useLogout`), the user's connected
// apps and RBAC checks. Not a sign-in product (no entry in SIGN_IN_PRODUCTS); nothing in the sign-in products
// imports this folder, so it stays out of a sign-in page's first load.
export {
  DEFAULT_IDP_CLIENT_NAME,
  defaultIsFramed,
  FRAMED_PAGE_MESSAGE,
  type IdpFlowOptions,
  INVALID_REQUEST_MESSAGE,
  idpClientName,
  NO_ACTIVE_SESSION_MESSAGE,
  STANDARD_IDP_SCOPES,
} from './idpFlow';
export * from './isLogoutRequest';
export * from './queryOptions';
export * from './useAuthorize';
export * from './useConnectedApps';
export * from './useIsAuthorized';
export * from './useLogout';
