import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';
import { stylesText } from './stylesText';
import {
  LATCHKEY_THEMES,
  parseTheme,
  STYLE_VARIABLES,
  stylesToCssVariables,
  THEME_DEFAULTS,
  withStyleConfig,
} from './theme';

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

// ---- The dark theme and right to left, read from the stylesheet ----

/** The stylesheet without its comments (they quote colours and name left and right). */
const rules = css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the first block whose prelude ends with `selector`, in order. */
function declarations(selector: string, source = rules): [string, string][] {
  const start = source.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block for ${selector}`);
  const body = source.slice(start + selector.length + 2, source.indexOf('}', start));
  return [...body.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]);
}

const DARK = ':where(.lk-Root[data-theme="dark"])';
const AUTO = ':where(.lk-Root[data-theme="auto"])';
const COLOUR_LITERAL = /#[\da-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|\b(?:white|black)\b/i;

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((index) => Number.parseInt(hex.slice(index, index + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('the dark theme in styles.css', () => {
  it('sets every colour token the light theme gives a colour', () => {
    const light = stylesheetDefaults();
    const literalColourTokens = Object.keys(light).filter((name) => {
      const raw = declarations(':where(.lk-Root)').find(([declared]) => declared === name)?.[1] ?? '';
      return COLOUR_LITERAL.test(raw);
    });
    // Only global tokens hold colours; everything else (buttons, inputs, meter, spinner…) derives from them.
    expect(literalColourTokens.every((name) => name.startsWith('--lk-color-'))).toBe(true);
    const dark = Object.fromEntries(declarations(DARK));
    expect(Object.keys(dark).sort()).toEqual(['color-scheme', ...literalColourTokens].sort());
    expect(dark['color-scheme']).toBe('dark');
  });

  it("gives 'auto' under prefers-color-scheme: dark exactly the dark declarations", () => {
    const media = rules.slice(rules.indexOf('@media (prefers-color-scheme: dark)'));
    expect(media).not.toBe(rules);
    expect(declarations(AUTO, media)).toEqual(declarations(DARK));
  });

  it('writes no colour outside the token blocks, so nothing stays light in the dark theme', () => {
    const outsideTokens = [...rules.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
      .filter(([, selector]) => !/^\s*:where\(\.lk-Root(\[data-theme="(dark|auto)"\])?\)\s*$/.test(selector ?? ''))
      .flatMap(([, selector, body]) =>
        [...(body ?? '').matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map((match) => ({
          rule: `${selector?.trim()} { ${match[0]} }`,
          value: match[2] ?? '',
        })),
      );
    expect(outsideTokens.length).toBeGreaterThan(100);
    expect(outsideTokens.filter(({ value }) => COLOUR_LITERAL.test(value)).map(({ rule }) => rule)).toEqual([]);
  });

  it('meets WCAG AA: 4.5:1 for text, 3:1 for input borders and the focus ring', () => {
    const dark = Object.fromEntries(declarations(DARK)) as Record<string, string>;
    const colour = (name: string) => dark[`--lk-color-${name}`] ?? '';
    const text: [string, string, string][] = [
      ['text and links (primary)', 'primary', 'background'],
      ['helper text, placeholders, inactive tabs, the watermark (secondary)', 'secondary', 'background'],
      ['errors', 'error', 'background'],
      ["'Code sent', the LUDS checks", 'success', 'background'],
      ['disabled buttons', 'disabled-text', 'disabled'],
      ['disabled link-like buttons', 'disabled-text', 'background'],
      ['the primary button', 'on-primary', 'primary'],
      ['typed text, the passcode digits', 'input-text', 'background'],
      ['read-only fields', 'primary', 'disabled'],
    ];
    for (const [label, foreground, background] of text) {
      expect({ label, ratio: contrast(colour(foreground), colour(background)) >= 4.5 }).toEqual({ label, ratio: true });
    }
    expect(contrast(colour('secondary'), colour('background'))).toBeGreaterThanOrEqual(3);
    expect(contrast(colour('primary'), colour('background'))).toBeGreaterThanOrEqual(3);
  });
});

describe("the icons one product draws are in that product's file", () => {
  // base.css is in every page's first load; a page without passwords or passcodes must not download their icons.
  const source = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
  const base = source('./base.css');
  const declared = (css: string) => new Set([...css.matchAll(/(--lk-icon-[\w-]+)\s*:/g)].map((match) => match[1]));
  const used = (css: string) => new Set([...css.matchAll(/var\((--lk-icon-[\w-]+)\)/g)].map((match) => match[1]));

  it('leaves base.css without an icon, and every icon a product file uses declared in that file', () => {
    expect([...declared(base)]).toEqual([]);
    expect([...used(base)]).toEqual([]);
    const files = ['emailMagicLinks', 'otp', 'passwords', 'passkeys', 'oauth', 'crypto', 'totp', 'idp'];
    const usedBy = Object.fromEntries(files.map((name) => [name, [...used(source(`./products/${name}/styles.css`))]]));
    expect(usedBy).toEqual({
      emailMagicLinks: [],
      otp: ['--lk-icon-chevron'],
      passwords: ['--lk-icon-eye', '--lk-icon-eye-off', '--lk-icon-cross', '--lk-icon-check'],
      passkeys: [],
      oauth: [],
      crypto: [],
      totp: [],
      idp: [],
    });
    for (const [name, icons] of Object.entries(usedBy)) {
      const own = declared(source(`./products/${name}/styles.css`));
      expect({ name, missing: icons.filter((icon) => !own.has(icon)) }).toEqual({ name, missing: [] });
    }
  });

  it("draws otp's chevron in each theme's primary colour, 'auto' as dark", () => {
    const otp = source('./products/otp/styles.css').replace(/\/\*[\s\S]*?\*\//g, '');
    const stroke = (block: [string, string][]) =>
      /stroke='%23([\da-f]{6})'/i.exec(Object.fromEntries(block)['--lk-icon-chevron'] ?? '')?.[1]?.toLowerCase();
    const media = otp.slice(otp.indexOf('@media (prefers-color-scheme: dark)'));
    expect(stroke(declarations(':where(.lk-Root)', otp))).toBe(stylesheetDefaults()['--lk-color-primary']?.slice(1));
    const dark = Object.fromEntries(declarations(DARK));
    expect(stroke(declarations(DARK, otp))).toBe(dark['--lk-color-primary']?.slice(1));
    expect(declarations(AUTO, media)).toEqual(declarations(DARK, otp));
  });
});

describe('right to left in styles.css', () => {
  it('uses logical properties: no left/right margins, paddings, borders, offsets or text-align: left', () => {
    const physical =
      /(?:^|[\s;{])(?:(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)[\w-]*|left|right|float)\s*:|text-align\s*:\s*left/gm;
    expect(rules.match(physical) ?? []).toEqual([]);
  });

  it('flips the back arrow, keeps the passcode boxes LTR and email and phone fields LTR', () => {
    expect(rules).toMatch(
      /\[data-scope="back-button"\]\[data-part="icon"\]:dir\(rtl\)\)\s*\{\s*transform: scaleX\(-1\);/,
    );
    expect(declarations('.lk-Root :where([data-part="code-input"])')).toContainEqual(['direction', 'ltr']);
    expect(declarations('.lk-Root :where(input[type="email"], input[type="tel"])')).toEqual([['direction', 'ltr']]);
  });
});

/** The declarations of the first block whose selector list has `selector` as one of its selectors. */
function declarationsOfListWith(selector: string, source: string): [string, string][] {
  const at = [...source.matchAll(/([^{}]+)\{([^}]*)\}/g)].find((block) =>
    block[1]!.split(/,(?![^(]*\))/).some((one) => one.trim() === selector),
  );
  if (!at) throw new Error(`no block for ${selector}`);
  return [...at[2]!.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]);
}

describe('right to left through a bundler that rewrites :dir()', () => {
  // What Vite's production build does with the stylesheet by default: Lightning CSS, for browsers older than
  // `:dir()` (Vite's `baseline-widely-available` targets: Chrome 107, Safari 16), turns `:dir(rtl)` into
  // `:lang(ar), :lang(he), …`. The `dir` option's twins must come through as they are.
  const version = (major: number) => major << 16;
  const lowered = transform({
    filename: 'styles.css',
    code: Buffer.from(css),
    targets: { chrome: version(107), safari: version(16), firefox: version(104), edge: version(107) },
  }).code.toString();

  it('is rewritten there (what the twins are for)', () => {
    expect(lowered).not.toContain(':dir(');
    expect(lowered).toContain(':lang(ar)');
  });

  it('keeps a [dir="rtl"] twin of every :dir(rtl) rule, with the same declarations', () => {
    const twins: [string, [string, string][]][] = [
      ['[data-scope="back-button"][data-part="icon"]', [['transform', 'scaleX(-1)']]],
      ['[data-part="progress"]', [['transform', 'scaleX(-1)']]],
      ['input[type="email"], input[type="tel"]', [['text-align', 'right']]],
      ['select', [['background-position', 'left calc(var(--lk-spacing) * 1.5) center']]],
    ];
    expect(rules.match(/:dir\(rtl\)[^{]*\{/g)).toHaveLength(twins.length);
    for (const [selector, expected] of twins) {
      expect(declarations(`.lk-Root:where([dir="rtl"]) :where(${selector})`), selector).toEqual(expected);
      // Lightning CSS merges rules with the same declarations into one selector list.
      expect(declarationsOfListWith(`.lk-Root:where([dir="rtl"]) :where(${selector})`, lowered), selector).toEqual(
        expected,
      );
    }
  });
});

describe('parseTheme', () => {
  it('accepts light, dark and auto, and nothing else', () => {
    expect(LATCHKEY_THEMES.map((theme) => parseTheme(theme))).toEqual(['light', 'dark', 'auto']);
    expect([parseTheme('Dark'), parseTheme(''), parseTheme(null), parseTheme(undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
