// The entry of the browser module (dist/browser/latchkey.js): what importing it does, in jsdom. The built file
// itself is driven in Chromium by apps/playground/e2e/plain-html.e2e.ts.
import * as sdk from '@latchkey/sdk';
import { startTestEnvironment } from '@latchkey/testing';
import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as browser from './browser';
import type { LatchkeyLoginElement } from './customElements';
import * as kit from './index';

afterEach(async () => {
  await act(async () => {
    document.body.replaceChildren();
    await Promise.resolve();
  });
});

describe('the browser module', () => {
  it('exports everything the SDK and the kit export', () => {
    expect(Object.keys(browser).sort()).toEqual([...new Set([...Object.keys(sdk), ...Object.keys(kit)])].sort());
    expect(browser.createClient).toBe(sdk.createClient);
    expect(browser.defineLatchkeyElements).toBe(kit.defineLatchkeyElements);
  });

  it('puts the stylesheet at the top of the head, once, and registers the custom elements on import', () => {
    const styles = document.head.querySelectorAll('[data-latchkey-styles]');
    expect(styles).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(styles[0]);
    expect(styles[0]?.textContent).toContain('--lk-container-width: 400px');
    expect(styles[0]?.textContent).toBe(kit.stylesText);
    browser.insertDocumentStylesheet(document);
    expect(document.head.querySelectorAll('[data-latchkey-styles]')).toHaveLength(1);

    expect(customElements.get('latchkey-login')).toBeDefined();
    expect(customElements.get('latchkey-reset-password')).toBeDefined();
  });

  it("registers every declared widget's element and puts every widget's extra rules into the page", () => {
    for (const widget of kit.LATCHKEY_WIDGETS) {
      expect(customElements.get(widget.tagName), widget.tagName).toBeDefined();
    }
    expect(customElements.get('latchkey-totp-enrollment')).toBeDefined();
    const extra = document.head.querySelector('[data-latchkey-extra-styles]')?.textContent ?? '';
    expect(extra).toContain(kit.identityProviderStylesText);
    for (const widget of kit.LATCHKEY_WIDGETS) {
      if ('extraStyles' in widget) expect(extra, widget.tagName).toContain(widget.extraStyles);
    }
  });

  it('renders an element added before any client once defineLatchkeyElements(client) gives one', async () => {
    // As a page writes it: the element in the markup, the client given by a script that runs later.
    const element = document.createElement('latchkey-login') as LatchkeyLoginElement;
    element.setAttribute('config', '{"products":["otp"],"otpOptions":{"methods":["email"]}}');
    await act(async () => {
      document.body.append(element);
      await Promise.resolve();
    });
    expect(element.childElementCount).toBe(0);

    const env = await startTestEnvironment();
    await act(async () => {
      browser.defineLatchkeyElements(env.client);
      await Promise.resolve();
    });
    expect(await within(element).findByLabelText('Email')).toBeTruthy();
    expect(element.querySelector('.lk-Root')).not.toBeNull();
  });
});

describe('insertDocumentStylesheet', () => {
  it('adds nothing when the head already holds an element marked data-latchkey-styles', () => {
    const page = document.implementation.createHTMLDocument('page');
    const link = page.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/styles.css';
    link.setAttribute('data-latchkey-styles', '');
    page.head.append(link);
    kit.insertDocumentStylesheet(page);
    expect(page.head.children).toHaveLength(2); // its <title> and the link
    expect(page.querySelector('style')).toBeNull();

    const other = document.implementation.createHTMLDocument('other');
    const own = other.createElement('style');
    own.textContent = '.lk-Root { --lk-color-primary: #4c1d95; }';
    other.head.append(own);
    kit.insertDocumentStylesheet(other);
    // The kit's first, so the page's rule (equal weight, later) wins.
    expect(other.head.querySelector('style')?.hasAttribute('data-latchkey-styles')).toBe(true);
    expect(other.head.lastElementChild).toBe(own);
  });
});
