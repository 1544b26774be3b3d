import type { BootstrapData, BootstrapResponse, CaptchaSettings } from '../contract/common';
import type { KeyValueStorage, LatchkeyEnvironment } from '../environment';
import { PRODUCT_BOOTSTRAP_DEFAULTS, productBootstrapOf } from '../products/startupParts';
import { isPlainObject } from './isPlainObject';
import type { NetworkClient } from './networkClient';

/**
 * What the SDK assumes when the project's settings cannot be read: no captcha, DFP or PKCE (the products' settings
 * are PRODUCT_BOOTSTRAP_DEFAULTS, src/products/startupParts.ts).
 */
export const DEFAULT_BOOTSTRAP: BootstrapData = Object.freeze({
  projectName: null,
  displayWatermark: true,
  captchaSettings: { enabled: false },
  cnameDomain: null,
  emailDomains: ['latchkey.dev'],
  pkceRequiredForSso: false,
  slugPattern: null,
  createOrganizationEnabled: false,
  runDFPProtectedAuth: false,
  dfpProtectedAuthMode: null,
  rbacPolicy: null,
  vertical: null,
  ...PRODUCT_BOOTSTRAP_DEFAULTS,
}) as BootstrapData;

/**
 * Maps the wire's snake_case bootstrap to the SDK's camelCase (the products' settings by
 * `productBootstrapOf`). Throws when a required field is missing or of the wrong type, so a bad answer falls back
 * to defaults.
 */
export function mapBootstrap(wire: BootstrapResponse): BootstrapData {
  const bool = (key: keyof BootstrapResponse): boolean => {
    const value = wire[key];
    if (typeof value !== 'boolean') throw new TypeError(`bootstrap ${key} must be a boolean`);
    return value;
  };
  const products = productBootstrapOf(wire, bool);
  if (!Array.isArray(wire.email_domains)) throw new TypeError('bootstrap email_domains must be an array');
  const captcha = wire.captcha_settings as Partial<{ enabled: boolean; siteKey: string }> | undefined;
  const captchaSettings: CaptchaSettings =
    captcha?.enabled === true && typeof captcha.siteKey === 'string'
      ? { enabled: true, siteKey: captcha.siteKey }
      : { enabled: false };
  return {
    projectName: wire.project_name ?? null,
    displayWatermark: !bool('disable_sdk_watermark'),
    captchaSettings,
    cnameDomain: wire.cname_domain ?? null,
    emailDomains: wire.email_domains.filter((domain): domain is string => typeof domain === 'string'),
    pkceRequiredForSso: bool('pkce_required_for_sso'),
    slugPattern: wire.slug_pattern ?? null,
    createOrganizationEnabled: wire.create_organization_enabled === true,
    runDFPProtectedAuth: wire.dfp_protected_auth_enabled === true,
    dfpProtectedAuthMode: wire.dfp_protected_auth_mode ?? null,
    rbacPolicy: wire.rbac_policy ?? null,
    vertical: wire.vertical ?? null,
    ...products,
  };
}

/**
 * The project's settings: read once at start-up, cached in storage under `{statePrefix}::bootstrap`, and
 * subscribable. `getAsync` never hangs: after `timeoutMs` it answers with the cache, or the defaults.
 */
export class BootstrapStore {
  #data: BootstrapData;
  readonly #listeners = new Set<(data: BootstrapData) => void>();
  readonly #loaded: Promise<BootstrapData>;

  readonly #network: NetworkClient;
  readonly #environment: LatchkeyEnvironment;
  readonly #publicToken: string;
  readonly #statePrefix: string;
  readonly #timeoutMs: number;

  constructor(
    network: NetworkClient,
    environment: LatchkeyEnvironment,
    publicToken: string,
    statePrefix: string,
    timeoutMs: number,
    /** False on the server: the defaults stay, nothing is read or sent. */
    load = true,
  ) {
    this.#network = network;
    this.#environment = environment;
    this.#publicToken = publicToken;
    this.#statePrefix = statePrefix;
    this.#timeoutMs = timeoutMs;
    this.#data = (load ? readCache(environment.storage, this.#cacheKey()) : undefined) ?? DEFAULT_BOOTSTRAP;
    this.#loaded = load ? this.#load() : Promise.resolve(this.#data);
  }

  #cacheKey(): string {
    return `${this.#statePrefix}::bootstrap`;
  }

  async #load(): Promise<BootstrapData> {
    try {
      const wire = await this.#network.request<BootstrapResponse>({
        method: 'GET',
        path: `/projects/bootstrap/${encodeURIComponent(this.#publicToken)}`,
      });
      const data = mapBootstrap(wire);
      if (data.vertical === 'B2B') {
        this.#environment.logger.error(
          'This public token belongs to a B2B project; the consumer client cannot be used with it.',
        );
      }
      try {
        this.#environment.storage.setItem(this.#cacheKey(), JSON.stringify(data));
      } catch {
        // Storage full or blocked: the settings still apply for this page.
      }
      this.#data = data;
      for (const listener of this.#listeners) listener(data);
    } catch (error) {
      this.#environment.logger.error('Unable to load the project settings (bootstrap); using defaults.', error);
    }
    return this.#data;
  }

  /** The settings known now: the last cached bootstrap, or the defaults. */
  getSync(): BootstrapData {
    return this.#data;
  }

  /** The settings once the provider has answered, or after the time-out, whichever comes first. */
  getAsync(): Promise<BootstrapData> {
    return new Promise((resolve) => {
      const timer = this.#environment.timers.setTimeout(() => resolve(this.#data), this.#timeoutMs);
      void this.#loaded.then((data) => {
        this.#environment.timers.clearTimeout(timer);
        resolve(data);
      });
    });
  }

  /** Same as `getSync`, for `useSyncExternalStore`. */
  getSnapshot = (): BootstrapData => this.#data;

  /** Calls `listener` when the provider's answer replaces the cached or default settings. */
  subscribe = (listener: (data: BootstrapData) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

function readCache(storage: KeyValueStorage, key: string): BootstrapData | undefined {
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? { ...DEFAULT_BOOTSTRAP, ...(parsed as Partial<BootstrapData>) } : undefined;
  } catch {
    return undefined;
  }
}
