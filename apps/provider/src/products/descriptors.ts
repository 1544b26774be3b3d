// Every product's descriptor (products/descriptor.ts has the shape), for the core to iterate: the core's services
// import this list, never a product. Separate from products/registry.ts (the routes), which imports the services: a
// descriptor imports nothing that imports the core back, so no import cycle.
import { cryptoWalletsDescriptor } from './crypto/descriptor';
import type { ProductDescriptor, UserAnswerPart } from './descriptor';
import { emailMagicLinksDescriptor } from './emailMagicLinks/descriptor';
import { idpDescriptor } from './idp/descriptor';
import { oauthDescriptor } from './oauth/descriptor';
import { otpDescriptor } from './otp/descriptor';
import { passkeysDescriptor } from './passkeys/descriptor';
import { passwordsDescriptor } from './passwords/descriptor';
import { sessionExchangeDescriptor } from './sessionExchange/descriptor';
import { totpDescriptor } from './totp/descriptor';

/**
 * One descriptor per product of products/registry.ts (the same keys: src/products/descriptors.test.ts). The order is
 * the order the core runs their parts in: the purge's rules, the pre-hijacking reset's parts within a stage, and so
 * the order of the reset answer's `removed` (the contract's order: password, passkeys, crypto_wallets,
 * oauth_identities, totp, …, connected_apps).
 */
const DECLARED = [
  otpDescriptor,
  emailMagicLinksDescriptor,
  passwordsDescriptor,
  passkeysDescriptor,
  cryptoWalletsDescriptor,
  oauthDescriptor,
  sessionExchangeDescriptor,
  totpDescriptor,
  idpDescriptor,
] as const satisfies readonly ProductDescriptor[];

export const PRODUCT_DESCRIPTORS: readonly ProductDescriptor[] = DECLARED;

/**
 * The products' parts of the user answer (services/users.ts), in the contract's order of the `User` fields they fill
 * (crypto_wallets, providers, webauthn_registrations, biometric_registrations, totps, password), which is not the
 * order above: the core builds the object in that order, so the answer's JSON keeps the contract's field order. Their
 * columns follow the same order in the statement.
 */
export const USER_ANSWER_PARTS: readonly UserAnswerPart[] = [
  cryptoWalletsDescriptor.userAnswer,
  oauthDescriptor.userAnswer,
  passkeysDescriptor.userAnswer,
  // The contract's mobile biometrics, which the provider does not offer: always empty, where the contract puts it.
  {
    columns: {},
    fill: (_row, user) => {
      user.biometric_registrations = [];
    },
  },
  totpDescriptor.userAnswer,
  passwordsDescriptor.userAnswer,
];

/** The aliases of every product's user-answer columns (what a row joined with its user holds beyond the core's). */
export const USER_ANSWER_COLUMNS: readonly string[] = USER_ANSWER_PARTS.flatMap((part) => Object.keys(part.columns));

type ErrorsOf<D> = D extends { errors: infer E } ? E : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every product's error types, one object (http/errors.ts adds the core's). */
export type ProductErrors = UnionToIntersection<ErrorsOf<(typeof DECLARED)[number]>>;
export const PRODUCT_ERRORS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.errors ?? {}),
) as ProductErrors;

type ProjectConfigOf<D> = D extends { config: { project: infer P } } ? P : never;

/** Every product's sections of the configuration's `project` (config.ts adds the core's). */
export type ProductProjectConfig = UnionToIntersection<ProjectConfigOf<(typeof DECLARED)[number]>>;
export const PRODUCT_PROJECT_CONFIG = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.project ?? {}),
) as ProductProjectConfig;

type RateLimitsOf<D> = D extends { config: { rateLimits: infer R } } ? R : never;

/** Every product's entries of the configuration's `rateLimits` (config.ts adds the core's). */
export type ProductRateLimits = UnionToIntersection<RateLimitsOf<(typeof DECLARED)[number]>>;
export const PRODUCT_RATE_LIMITS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.rateLimits ?? {}),
) as ProductRateLimits;

type SwitchesOf<D> = D extends { config: { switches: readonly (infer S)[] } } ? S : never;

/** A contract product name `project.products` can switch on (config.ts' `Product`). */
export type ProductSwitch = SwitchesOf<(typeof DECLARED)[number]>;
/** Every product's switches, in the order above (config.ts' `PRODUCTS`, the default of `project.products`). */
export const PRODUCT_SWITCHES = PRODUCT_DESCRIPTORS.flatMap(
  (descriptor) => descriptor.config?.switches ?? [],
) as readonly ProductSwitch[];

type PkceFlowsOf<D> = D extends { config: { pkceFlows: infer F } } ? keyof F : never;

/** A redirect flow `project.pkce` binds to the starting browser. */
export type PkceFlow = PkceFlowsOf<(typeof DECLARED)[number]>;
/** Every product's redirect flows, in the order above, with what the configuration's warning calls each. */
export const PKCE_FLOWS = Object.assign(
  {},
  ...PRODUCT_DESCRIPTORS.map((descriptor) => descriptor.config?.pkceFlows ?? {}),
) as Readonly<Record<PkceFlow, string>>;
