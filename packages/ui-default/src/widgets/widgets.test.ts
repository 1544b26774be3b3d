// Every widget is declared once (LATCHKEY_WIDGETS): these checks fail when one is half-wired, e.g. a declaration
// without its exported mount or render function, or a mount function no declaration names. The custom elements are
// made from the list itself (customElements.ts) and the browser module's registrations are checked in
// browser.test.tsx.
import { describe, expect, it } from 'vitest';
import { LATCHKEY_ELEMENTS } from '../customElements';
import * as kit from '../index';
import { LATCHKEY_WIDGETS } from './index';

// Plain records, to look exports up by the names the declarations hold.
const kitExports: Record<string, unknown> = { ...kit };

const namesStartingWith = (module: object, prefix: string) =>
  Object.keys(module)
    .filter((name) => new RegExp(`^${prefix}[A-Z]`).test(name))
    .sort();

describe('LATCHKEY_WIDGETS', () => {
  it('lists the five widgets, each with its own names and tag', () => {
    expect(LATCHKEY_WIDGETS.map((widget) => widget.componentName)).toEqual([
      'SignIn',
      'ResetPassword',
      'PasskeyRegistration',
      'TotpEnrollment',
      'IdentityProvider',
    ]);
    for (const key of ['componentName', 'elementKey', 'tagName', 'mountName', 'renderName'] as const) {
      const values = LATCHKEY_WIDGETS.map((widget) => widget[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('has exactly one mount and one render function per widget, exported by the kit', () => {
    // The login widget's are in mount.tsx, each product widget's in its folder (products/<key>/mountPoints.ts).
    expect(namesStartingWith(kitExports, 'mount')).toEqual(LATCHKEY_WIDGETS.map((widget) => widget.mountName).sort());
    expect(namesStartingWith(kitExports, 'render')).toEqual(LATCHKEY_WIDGETS.map((widget) => widget.renderName).sort());
    for (const widget of LATCHKEY_WIDGETS) {
      expect(typeof kitExports[widget.mountName], widget.mountName).toBe('function');
      expect(typeof kitExports[widget.renderName], widget.renderName).toBe('function');
    }
  });

  it('has one custom element per widget: LATCHKEY_ELEMENTS', () => {
    expect(LATCHKEY_ELEMENTS).toEqual(
      Object.fromEntries(LATCHKEY_WIDGETS.map((widget) => [widget.elementKey, widget.tagName])),
    );
    expect(LATCHKEY_ELEMENTS).toEqual({
      login: 'latchkey-login',
      resetPassword: 'latchkey-reset-password',
      passkeyRegistration: 'latchkey-passkey-registration',
      totpEnrollment: 'latchkey-totp-enrollment',
      identityProvider: 'latchkey-identity-provider',
    });
  });

  it("declares the kit's own React components", () => {
    for (const widget of LATCHKEY_WIDGETS) {
      expect(kitExports[widget.componentName], widget.componentName).toBe(widget.component);
    }
  });
});
