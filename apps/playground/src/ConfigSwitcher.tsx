import {
  EML_AND_EMAIL_OTP_ERROR,
  type OtpMethod,
  PASSKEYS_ALONE_ERROR,
  resolveSignInConfig,
  signInConfigError,
} from '@latchkey/hooks';
import {
  DIRECTIONS,
  type Direction,
  type KitSettings,
  ONE_TAP_POSITIONS,
  type OneTapPosition,
  OTP_METHODS,
  SOCIAL_SETS,
  type SocialSet,
  SWITCHABLE_PRODUCTS,
  type SwitchableProduct,
  signInConfig,
  THEMES,
} from './kitConfig';

const PRODUCT_LABELS: Record<SwitchableProduct, string> = {
  emailMagicLinks: 'Email magic links',
  otp: 'One-time passcodes',
  passwords: 'Passwords',
  passkeys: 'Passkeys',
  crypto: 'Crypto wallets',
  oauth: 'Social sign-in',
};
const SOCIAL_SET_LABELS: Record<SocialSet, string> = {
  few: 'Google, GitHub, Microsoft, Discord',
  all: 'All 19 providers',
};
const ONE_TAP_LABELS: Record<OneTapPosition, string> = {
  embedded: 'embedded in the widget',
  floating: 'floating over the page',
  off: 'off',
};
const METHOD_LABELS: Record<OtpMethod, string> = { sms: 'Text (SMS)', whatsapp: 'WhatsApp', email: 'Email' };

/** The kit's refusals in plain words, as the switcher says them beside the products. */
const PLAIN_CONFIG_PROBLEMS: Record<string, string> = {
  [PASSKEYS_ALONE_ERROR]:
    'Passkeys cannot be the only product: the widget refuses this. Turn on another product as well (one-time passcodes, for instance).',
  [EML_AND_EMAIL_OTP_ERROR]:
    'Email magic links and passcodes by email cannot both be on: the widget refuses this. Turn off one of them, or choose passcodes by Text or WhatsApp only.',
};

/** Why the kit refuses the configuration `settings` builds, in plain words, or null when it accepts it. */
export function configProblem(settings: KitSettings): string | null {
  const config = signInConfig(settings, 'http://localhost');
  const error = signInConfigError(resolveSignInConfig(config), config);
  if (error === null) return null;
  return PLAIN_CONFIG_PROBLEMS[error] ?? `The widget refuses this configuration: ${error}`;
}

/** Props of `ConfigSwitcher`. */
export interface ConfigSwitcherProps {
  settings: KitSettings;
  onChange: (settings: KitSettings) => void;
  /** Offers the default kit's `theme` and `dir` options (the unstyled kit has neither). */
  hasLookOptions?: boolean;
}

/** The kit's configuration as checkboxes: products, passcode methods (ordered) and the header switch. */
export function ConfigSwitcher({ settings, onChange, hasLookOptions = false }: ConfigSwitcherProps) {
  const toggleProduct = (product: SwitchableProduct, checked: boolean) => {
    const chosen = new Set(settings.products);
    if (checked) chosen.add(product);
    else chosen.delete(product);
    // Keep the switcher's order, so the URL is stable whatever the click order.
    onChange({ ...settings, products: SWITCHABLE_PRODUCTS.filter((item) => chosen.has(item)) });
  };
  const toggleMethod = (method: OtpMethod, checked: boolean) => {
    const methods = checked ? [...settings.methods, method] : settings.methods.filter((item) => item !== method);
    onChange({ ...settings, methods });
  };
  const moveUp = (method: OtpMethod) => {
    const index = settings.methods.indexOf(method);
    if (index <= 0) return;
    const methods = [...settings.methods];
    methods.splice(index - 1, 2, method, methods[index - 1] as OtpMethod);
    onChange({ ...settings, methods });
  };
  // Enabled methods first, in tab order, then the others.
  const methodRows = [...settings.methods, ...OTP_METHODS.filter((method) => !settings.methods.includes(method))];
  const isOtpOn = settings.products.includes('otp');
  const isSocialOn = settings.products.includes('oauth');
  const problem = configProblem(settings);

  return (
    <form className="pg-switcher" aria-label="Widget configuration" onSubmit={(event) => event.preventDefault()}>
      <fieldset aria-describedby={problem ? 'pg-config-problem' : undefined}>
        <legend>Products</legend>
        {SWITCHABLE_PRODUCTS.map((product) => (
          <label key={product} className="pg-option">
            <input
              type="checkbox"
              name="products"
              value={product}
              checked={settings.products.includes(product)}
              onChange={(event) => toggleProduct(product, event.target.checked)}
            />
            {PRODUCT_LABELS[product]} <code>{product}</code>
          </label>
        ))}
        {problem && (
          <p id="pg-config-problem" className="pg-note pg-config-problem" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
      <fieldset disabled={!isOtpOn}>
        <legend>Passcode methods, in tab order</legend>
        {methodRows.map((method) => {
          const position = settings.methods.indexOf(method);
          return (
            <div key={method} className="pg-option">
              <label className="pg-option">
                <input
                  type="checkbox"
                  name="methods"
                  value={method}
                  checked={position >= 0}
                  onChange={(event) => toggleMethod(method, event.target.checked)}
                />
                {METHOD_LABELS[method]}
              </label>
              {position > 0 && (
                <button
                  type="button"
                  className="pg-small-button"
                  onClick={() => moveUp(method)}
                  aria-label={`Move ${METHOD_LABELS[method]} up`}
                >
                  ↑
                </button>
              )}
            </div>
          );
        })}
        {!isOtpOn && <p className="pg-note">Turn on one-time passcodes to choose methods.</p>}
      </fieldset>
      <fieldset disabled={!isSocialOn}>
        <legend>Social sign-in</legend>
        {SOCIAL_SETS.map((set) => (
          <label key={set} className="pg-option">
            <input
              type="radio"
              name="social"
              value={set}
              checked={settings.social === set}
              onChange={() => onChange({ ...settings, social: set })}
            />
            {SOCIAL_SET_LABELS[set]}
          </label>
        ))}
        <label className="pg-option">
          Google One Tap <code>one_tap</code>
          <select
            name="oneTap"
            value={settings.oneTap}
            onChange={(event) => onChange({ ...settings, oneTap: event.target.value as OneTapPosition })}
          >
            {ONE_TAP_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {ONE_TAP_LABELS[position]}
              </option>
            ))}
          </select>
        </label>
        {!isSocialOn && <p className="pg-note">Turn on social sign-in to choose providers.</p>}
      </fieldset>
      <fieldset>
        <legend>Style</legend>
        <label className="pg-option">
          <input
            type="checkbox"
            name="hideHeaderText"
            checked={settings.hideHeaderText}
            onChange={(event) => onChange({ ...settings, hideHeaderText: event.target.checked })}
          />
          Hide the header text <code>style.hideHeaderText</code>
        </label>
        {hasLookOptions && (
          <>
            <label className="pg-option">
              Theme <code>theme</code>
              <select
                name="theme"
                value={settings.theme}
                onChange={(event) => onChange({ ...settings, theme: event.target.value as KitSettings['theme'] })}
              >
                {THEMES.map((theme) => (
                  <option key={theme} value={theme}>
                    {theme}
                  </option>
                ))}
              </select>
            </label>
            <label className="pg-option">
              Direction <code>dir</code>
              <select
                name="dir"
                value={settings.dir}
                onChange={(event) => onChange({ ...settings, dir: event.target.value as Direction })}
              >
                {DIRECTIONS.map((dir) => (
                  <option key={dir} value={dir}>
                    {dir}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </fieldset>
    </form>
  );
}
