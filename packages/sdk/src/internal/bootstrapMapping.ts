import type { BootstrapData, BootstrapResponse, CaptchaSettings } from '../contract/common';
import { productBootstrapOf } from '../products/bootstrapWire';

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
