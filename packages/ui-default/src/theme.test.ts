import { describe, expect, it } from 'vitest';
import { stylesText } from './stylesText';
import { STYLE_VARIABLES, stylesToCssVariables, THEME_DEFAULTS, withStyleConfig } from './theme';

// The whole stylesheet, styles.css with its base and product files inlined (the tokens are in base.css).
const css = stylesText;

/** The `--lk-*` defaults declared in the stylesheet's token block, with `var()` references resolved. */
function stylesheetDefaults(): Record<string, string> {
  const block = /:where\(\.lk-Root\)\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const declared = Object.fromEntries(
    [...block.matchAll(/(--lk-[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]),
  );
  const resolve = (value: string): string =>
    value.replace(/var\((--lk-[\w-]+)\)/g, (_, name: string) => resolve(declared[name] ?? `<undefined ${name}>`));
  return Object.fromEntries(Object.entries(declared).map(([name, value]) => [name!, resolve(value).toLowerCase()]));
}

describe('stylesToCssVariables', () => {
  it('turns only the fields given into --lk-* variables', () => {
    expect(
      stylesToCssVariables({
        colors: { primary: '#0057B8' },
        buttons: { primary: { borderRadius: 22 }, disabled: { textColor: '#333333' } },
        inputs: { placeholderColor: '#444444' },
        container: { width: '100%' },
        fontFamily: 'Inter, sans-serif',
        hideHeaderText: true,
        logo: { logoImageUrl: 'https://example.com/logo.png' },
      }),
    ).toEqual({
      '--lk-color-primary': '#0057B8',
      '--lk-button-primary-radius': '22px',
      '--lk-button-disabled-text': '#333333',
      '--lk-input-placeholder': '#444444',
      '--lk-container-width': '100%',
      '--lk-font-family': 'Inter, sans-serif',
    });
  });

  it('gives nothing for no styles, so the stylesheet defaults apply', () => {
    expect(stylesToCssVariables()).toEqual({});
    expect(stylesToCssVariables({ colors: {}, buttons: { primary: {} } })).toEqual({});
  });

  it('has the spec theme defaults (400 px, 8 px radius, Arial, disabled #F3F5F6, 4 px inputs)', () => {
    expect(THEME_DEFAULTS.container).toMatchObject({ width: '400px', borderRadius: '8px', backgroundColor: '#FFFFFF' });
    expect(THEME_DEFAULTS.fontFamily).toMatch(/^Arial/);
    expect(THEME_DEFAULTS.buttons.disabled.backgroundColor).toBe('#F3F5F6');
    expect(THEME_DEFAULTS.inputs.borderRadius).toBe('4px');
    expect(THEME_DEFAULTS.hideHeaderText).toBe(false);
  });

  it('matches the defaults of styles.css for every variable the styles option sets', () => {
    const defaults = stylesheetDefaults();
    const fromTheme = stylesToCssVariables(THEME_DEFAULTS);
    expect(Object.keys(fromTheme).sort()).toEqual(Object.values(STYLE_VARIABLES).sort());
    for (const [variable, value] of Object.entries(fromTheme)) {
      expect({ variable, value: defaults[variable] }).toEqual({ variable, value: String(value).toLowerCase() });
    }
  });

  it('declares the spec layout and typography tokens in styles.css', () => {
    expect(stylesheetDefaults()).toMatchObject({
      '--lk-container-width': '400px',
      '--lk-container-radius': '8px',
      '--lk-button-height': '45px',
      '--lk-input-height': '47px',
      '--lk-input-radius': '4px',
      '--lk-font-size-header': '24px',
      '--lk-font-weight-header': '600',
      '--lk-font-size-body': '16px',
      '--lk-font-size-helper': '14px',
      '--lk-color-disabled': '#f3f5f6',
      '--lk-logo-max-height': '50px',
      '--lk-logo-max-width': '100px',
      '--lk-watermark-logo-width': '150px',
      '--lk-strength-weak': '#8b1214',
      '--lk-strength-strong': '#0c5a56',
    });
  });
});

describe('withStyleConfig', () => {
  it('moves hideHeaderText and the logo into config.style, keeping the rest', () => {
    expect(
      withStyleConfig(
        { products: ['otp'], style: { logoImageUrl: 'https://example.com/a.png' } },
        { hideHeaderText: true, colors: { primary: '#000000' } },
      ),
    ).toEqual({ products: ['otp'], style: { hideHeaderText: true, logoImageUrl: 'https://example.com/a.png' } });
    expect(withStyleConfig(undefined, { logo: { logoImageUrl: 'https://example.com/b.png' } })).toEqual({
      style: { logoImageUrl: 'https://example.com/b.png' },
    });
  });
});
