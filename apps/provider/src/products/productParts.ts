// What the core gathers from every product's descriptor (products/descriptors.ts, the registry's lists): the
// products' error types, configuration sections, rate limits, switches, redirect flows and user-answer columns. Names
// no product: it iterates the lists, so a registry that lists one more product changes these with it.
import type { EmailTokenKindPart } from './descriptor';
import { type DeclaredDescriptor, PRODUCT_DESCRIPTORS, USER_ANSWER_PARTS } from './descriptors';

/** The aliases of every product's user-answer columns (what a row joined with its user holds beyond the core's). */
export const USER_ANSWER_COLUMNS: readonly string[] = USER_ANSWER_PARTS.flatMap((part) => Object.keys(part.columns));

type ErrorsOf<D> = D extends { errors: infer E } ? E : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every product's error types, one object (http/errors.ts adds the core's). */
export type ProductErrors = UnionToIntersection<ErrorsOf<DeclaredDescriptor>>;
export const PRODUCT_ERRORS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.errors ?? {}),
) as ProductErrors;

type ProjectConfigOf<D> = D extends { config: { project: infer P } } ? P : never;

/** Every product's sections of the configuration's `project` (config.ts adds the core's). */
export type ProductProjectConfig = UnionToIntersection<ProjectConfigOf<DeclaredDescriptor>>;
export const PRODUCT_PROJECT_CONFIG = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.project ?? {}),
) as ProductProjectConfig;

type RateLimitsOf<D> = D extends { config: { rateLimits: infer R } } ? R : never;

/** Every product's entries of the configuration's `rateLimits` (config.ts adds the core's). */
export type ProductRateLimits = UnionToIntersection<RateLimitsOf<DeclaredDescriptor>>;
export const PRODUCT_RATE_LIMITS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.rateLimits ?? {}),
) as ProductRateLimits;

type SwitchesOf<D> = D extends { config: { switches: readonly (infer S)[] } } ? S : never;

/** A contract product name `project.products` can switch on (config.ts' `Product`). */
export type ProductSwitch = SwitchesOf<DeclaredDescriptor>;
/** Every product's switches, in the order above (config.ts' `PRODUCTS`, the default of `project.products`). */
export const PRODUCT_SWITCHES = PRODUCT_DESCRIPTORS.flatMap(
  (descriptor) => descriptor.config?.switches ?? [],
) as readonly ProductSwitch[];

type PkceFlowsOf<D> = D extends { config: { pkceFlows: infer F } } ? keyof F : never;

/** A redirect flow `project.pkce` binds to the starting browser. */
export type PkceFlow = PkceFlowsOf<DeclaredDescriptor>;
/** Every product's redirect flows, in the order above, with what the configuration's warning calls each. */
export const PKCE_FLOWS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.pkceFlows ?? {}),
) as Readonly<Record<PkceFlow, string>>;

type DefaultRedirectUrlsOf<D> = D extends { config: { defaultRedirectUrls: infer U } } ? U : never;

/** Every product's entries of `project.defaultRedirectUrls` (config.ts adds the core's `login` and `signup`). */
export type ProductDefaultRedirectUrls = UnionToIntersection<DefaultRedirectUrlsOf<DeclaredDescriptor>>;
export const PRODUCT_DEFAULT_REDIRECT_URLS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.defaultRedirectUrls ?? {}),
) as ProductDefaultRedirectUrls;

/** Every product's field names the log blanks (ops/logging.ts adds them to the core's), in the order above. */
export const PRODUCT_LOG_REDACTION: readonly string[] = PRODUCT_DESCRIPTORS.flatMap(
  (descriptor) => descriptor.logRedaction ?? [],
);

/** Every product's sign-in calls with their metrics label (ops/metrics.ts' SIGN_IN_ROUTES), in the order above. */
export const PRODUCT_SIGN_IN_ROUTES: Readonly<Record<string, string>> = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.signInRoutes ?? {}),
);

/** Every product's open-CORS paths (a path, or a prefix ending in `*`), in the order above (http/app.ts). */
export const OPEN_CORS_PATHS: readonly string[] = PRODUCT_DESCRIPTORS.flatMap(
  (descriptor) => descriptor.http?.openCorsPaths ?? [],
);

/** Every product's paths reached by navigation or by another site's form, outside CORS (http/app.ts). */
export const NAVIGATION_PATHS: readonly string[] = PRODUCT_DESCRIPTORS.flatMap(
  (descriptor) => descriptor.http?.navigationPaths ?? [],
);

/** Every product's route patterns outside `/sdk/v1` and `/v1` whose bodies the core limits (http/app.ts). */
export const LIMITED_BODIES: readonly string[] = PRODUCT_DESCRIPTORS.flatMap(
  (descriptor) => descriptor.http?.limitedBodies ?? [],
);

/** Every product's kinds of e-mail token (services/emailTokens.ts). */
export const EMAIL_TOKEN_KINDS: Readonly<Record<string, EmailTokenKindPart>> = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.emailTokens ?? {}),
);

/** How the refusal of a change that needs a recent sign-in names the ways to sign in again: "password or email". */
export const RECENT_SIGN_IN_WAYS = [
  ...PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.recentAuthentication?.named ?? []),
  'email',
].join(' or ');

/** `a, b or c`. */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/**
 * What the products' enrolments add that a proof of an unverified identifier would remove, as its refusal names them
 * ("a second factor, a passkey or a wallet"): second-factor-only products first, then the descriptors' order.
 */
export const VERIFIED_IDENTIFIERS_FIRST = listed(
  [
    ...PRODUCT_DESCRIPTORS.filter((descriptor) => (descriptor.secondFactor?.types?.length ?? 0) > 0),
    ...PRODUCT_DESCRIPTORS.filter((descriptor) => (descriptor.secondFactor?.types?.length ?? 0) === 0),
  ].flatMap((descriptor) => descriptor.verifiedIdentifiersFirst?.adding ?? []),
);

/** The refusal's text for an unverified identifier (`email address`, `phone number`). */
export function unverifiedIdentifierMessage(identifier: string): string {
  return `Verify your ${identifier} before adding ${VERIFIED_IDENTIFIERS_FIRST}: signing in with a code sent to it would otherwise remove them.`;
}
