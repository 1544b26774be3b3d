// The default consent manifest's texts and the fallback of a custom generator.
import type { IdpScopeResult } from '@latchkey/sdk';
import { describe, expect, it, vi } from 'vitest';
import { interpolate } from '../../messages/index';
import { consentItems, defaultConsentManifest, isConsentManifest, resolveConsentManifest } from './manifest';
import { type IdpTranslate, idpMessages } from './messages';

const t: IdpTranslate = (id, values) => interpolate(idpMessages[id], values);
const scopes = (...names: string[]): IdpScopeResult[] =>
  names.map((scope) => ({ scope, is_grantable: true, description: '' }));
const names = { clientName: 'Notes', projectName: 'Acme' };

describe('the consent items', () => {
  it("openid: 'Verify your identity' with 'View information stored within your account'", () => {
    expect(consentItems(scopes('openid'), t, names)).toEqual([
      { text: 'Verify your identity', details: ['View information stored within your account'] },
    ]);
  });

  it('profile, email and phone are one item each, in the requested order: email and phone never fold into profile', () => {
    expect(consentItems(scopes('phone', 'openid', 'profile', 'email'), t, names)).toEqual([
      { text: 'View your phone number', details: [] },
      { text: 'Verify your identity', details: ['View information stored within your account'] },
      {
        text: 'View your personal profile information',
        details: ['Your name, profile picture, and language preferences'],
      },
      { text: 'View your email address', details: [] },
    ]);
    expect(consentItems(scopes('email'), t, names)).toEqual([{ text: 'View your email address', details: [] }]);
  });

  it('offline_access has its text and two details; full_access names the project', () => {
    const [offline, full] = consentItems(scopes('offline_access', 'full_access'), t, names);
    expect(offline?.text).toBe("Maintain access to your data even when you're not actively using the app");
    expect(offline?.details).toHaveLength(2);
    expect(full?.text).toBe('Have full access to your Acme account');
    expect(full?.details).toHaveLength(1);
  });

  it("a custom scope shows its policy description, else 'Use the {scope} scope', with no details", () => {
    const custom: IdpScopeResult[] = [
      { scope: 'read:notes', is_grantable: true, description: 'Read your notes' },
      { scope: 'sync:calendar', is_grantable: true, description: '  ' },
    ];
    expect(consentItems(custom, t, names)).toEqual([
      { text: 'Read your notes', details: [] },
      { text: 'Use the sync:calendar scope', details: [] },
    ]);
  });
});

describe('the default manifest', () => {
  it("is one group headed '{clientName} is requesting to:' for standard scopes, 'Allow {clientName} to:' for custom", () => {
    const input = { scopes: scopes('openid'), ...names };
    expect(defaultConsentManifest({ ...input, hasCustomScopes: false }, t)[0]?.header).toBe('Notes is requesting to:');
    expect(defaultConsentManifest({ ...input, hasCustomScopes: true }, t)[0]?.header).toBe('Allow Notes to:');
  });
});

describe('a custom manifest generator', () => {
  const input = { scopes: scopes('openid', 'email'), ...names, hasCustomScopes: false };
  const custom = [{ header: 'Notes will:', items: [{ text: 'Read your address book', details: ['Names only'] }] }];

  it('replaces the default manifest, given the scopes, the client name and the project name', () => {
    const getManifest = vi.fn(() => custom);
    expect(resolveConsentManifest(getManifest, input, t)).toEqual({ manifest: custom, isCustom: true });
    expect(getManifest).toHaveBeenCalledWith({ scopes: input.scopes, clientName: 'Notes', projectName: 'Acme' });
  });

  it('falls back to the default manifest when it throws or returns something else', () => {
    const fallback = { manifest: defaultConsentManifest(input, t), isCustom: false };
    const throwing = () => {
      throw new Error('no manifest today');
    };
    expect(resolveConsentManifest(throwing, input, t)).toEqual(fallback);
    expect(resolveConsentManifest(() => ({ header: 'x' }) as never, input, t)).toEqual(fallback);
    expect(resolveConsentManifest(() => [{ header: 'x', items: [{ text: 1 }] }] as never, input, t)).toEqual(fallback);
    expect(resolveConsentManifest(undefined, input, t)).toEqual(fallback);
  });

  it('accepts only groups of a string header and items of a string text and string details', () => {
    expect(isConsentManifest(custom)).toBe(true);
    expect(isConsentManifest([])).toBe(true);
    expect(isConsentManifest([{ header: 'x', items: [{ text: 'y', details: [2] }] }])).toBe(false);
    expect(isConsentManifest([null])).toBe(false);
    expect(isConsentManifest('<b>x</b>')).toBe(false);
  });
});
