import type { IdpScopeResult } from '@latchkey/sdk';
import { interpolate } from '../../../../messages/index';
import { consentItems, defaultConsentManifest } from '../../manifest';
import { type IdpTranslate, idpMessages } from '../../messages';
import type { UseIDPConsentScreenReturn } from '../useIDPConsentScreen';

/** The English texts, for fixed example values (the screen itself honours `strings`). */
export const exampleTranslate: IdpTranslate = (id, values) => interpolate(idpMessages[id], values);

const grantable = (scope: string, description = ''): IdpScopeResult => ({ scope, is_grantable: true, description });

/** openid, profile, email, offline_access: standard scopes only. */
export const STANDARD_SCOPES: IdpScopeResult[] = ['openid', 'profile', 'email', 'offline_access'].map((scope) =>
  grantable(scope),
);

/** A standard scope, a policy scope the user may grant, and two they may not. */
export const CUSTOM_SCOPES = {
  grantable: [grantable('openid'), grantable('email'), grantable('read:documents', 'Read your documents')],
  ungrantable: [
    { scope: 'admin:billing', is_grantable: false, description: 'Manage the billing of your organisation' },
    { scope: 'delete:documents', is_grantable: false, description: '' },
  ] satisfies IdpScopeResult[],
};

/** A consent screen state for the examples ('Acme Notes' asking the 'Latchkey Playground' project), with `overrides`. */
export function exampleConsent(overrides: Partial<UseIDPConsentScreenReturn> = {}): UseIDPConsentScreenReturn {
  const clientName = overrides.clientName ?? 'Acme Notes';
  const projectName = overrides.projectName ?? 'Latchkey Playground';
  const hasCustomScopes = overrides.hasCustomScopes ?? false;
  return {
    status: 'consent',
    view: 'consent',
    errorMessage: '',
    signInMessage: '',
    signIn: null,
    signInTitle: exampleTranslate('idpSignIn.title', { clientName }),
    userLabel: 'ada@example.com',
    clientLogoUrl: null,
    clientDomain: 'notes.acme.example',
    privacyPolicyUrl: 'https://notes.acme.example/privacy',
    termsOfServiceUrl: 'https://notes.acme.example/terms',
    signOut: () => {},
    clientName,
    projectName,
    logoImageUrl: null,
    hasCustomScopes,
    manifest: defaultConsentManifest(
      { scopes: STANDARD_SCOPES, clientName, projectName, hasCustomScopes },
      exampleTranslate,
    ),
    isCustomManifest: false,
    ungrantableItems: [],
    isSubmitting: false,
    pendingAction: null,
    allow: () => {},
    deny: () => {},
    ...overrides,
  };
}

/** The state of a request with custom scopes, one of them ungrantable for this user. */
export function exampleCustomScopesConsent(): UseIDPConsentScreenReturn {
  const names = { clientName: 'Acme Notes', projectName: 'Latchkey Playground' };
  return exampleConsent({
    hasCustomScopes: true,
    manifest: defaultConsentManifest(
      { scopes: CUSTOM_SCOPES.grantable, ...names, hasCustomScopes: true },
      exampleTranslate,
    ),
    ungrantableItems: consentItems(CUSTOM_SCOPES.ungrantable, exampleTranslate, names),
  });
}
