// The consent manifest: what the consent screen lists under its heading, one group of items per heading, each item
// with the details it expands to. The default one is built from the scopes; a host may pass its own generator
// (`getManifest`), whose failure falls back to the default.
import type { IdpScopeResult } from '@latchkey/sdk';
import type { IdpTranslate } from './messages';

/** One consent item: its text and the details it expands to (none: it does not expand). */
export interface ConsentManifestItem {
  text: string;
  details: string[];
}

/** A group of consent items under its heading ('{clientName} is requesting to:' in the default manifest). */
export interface ConsentManifestGroup {
  header: string;
  items: ConsentManifestItem[];
}

/** What the consent screen lists: groups of items. Rendered as text, never as HTML. */
export type ConsentManifest = ConsentManifestGroup[];

/** What a consent manifest generator is given. */
export interface ConsentManifestInput {
  /** The scopes the user is asked to grant (the grantable ones, in the requested order). */
  scopes: IdpScopeResult[];
  /** The client's name (the redirect URI's host, else 'The App', when the client has none). */
  clientName: string;
  /** The project's name, as the screen's title shows it. */
  projectName: string;
}

/** A custom consent manifest generator (`getManifest`): its manifest replaces the default one. */
export type ConsentManifestGenerator = (input: ConsentManifestInput) => ConsentManifest;

/**
 * The consent items of `scopes`, one per scope, in their order: openid 'Verify your identity'; profile 'View your
 * personal profile information' (its detail: 'Your name, profile picture, and language preferences'); email 'View your
 * email address' and phone 'View your phone number' (items of their own, issue 28: never folded into profile);
 * offline_access and full_access their texts; any other scope its policy description, else 'Use the {scope} scope'.
 */
export function consentItems(
  scopes: readonly IdpScopeResult[],
  t: IdpTranslate,
  names: { projectName: string },
): ConsentManifestItem[] {
  const items: ConsentManifestItem[] = [];
  for (const { scope, description } of scopes) {
    switch (scope) {
      case 'openid':
        items.push({ text: t('idpScope.openid'), details: [t('idpScope.openid.detail')] });
        break;
      case 'profile':
        items.push({ text: t('idpScope.profile'), details: [t('idpScope.profile.detail')] });
        break;
      case 'email':
      case 'phone':
        items.push({ text: t(`idpScope.${scope}`), details: [] });
        break;
      case 'offline_access':
        items.push({
          text: t('idpScope.offline_access'),
          details: [t('idpScope.offline_access.detailOffline'), t('idpScope.offline_access.detailSync')],
        });
        break;
      case 'full_access':
        items.push({ text: t('idpScope.full_access', names), details: [t('idpScope.full_access.detail', names)] });
        break;
      default:
        items.push({ text: description.trim() || t('idpScope.custom', { scope }), details: [] });
    }
  }
  return items;
}

/**
 * The default manifest: one group, '{clientName} is requesting to:' when every scope is standard,
 * 'Allow {clientName} to:' when a custom scope is asked, with the items of `consentItems`.
 */
export function defaultConsentManifest(
  input: ConsentManifestInput & { hasCustomScopes: boolean },
  t: IdpTranslate,
): ConsentManifest {
  const header = t(input.hasCustomScopes ? 'idpConsent.headerCustomScopes' : 'idpConsent.header', {
    clientName: input.clientName,
  });
  return [{ header, items: consentItems(input.scopes, t, input) }];
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((each) => typeof each === 'string');

/** Whether `value` is a well-formed manifest (groups of a string header and items of a string text and details). */
export function isConsentManifest(value: unknown): value is ConsentManifest {
  return (
    Array.isArray(value) &&
    value.every(
      (group: unknown) =>
        typeof group === 'object' &&
        group !== null &&
        typeof (group as ConsentManifestGroup).header === 'string' &&
        Array.isArray((group as ConsentManifestGroup).items) &&
        (group as ConsentManifestGroup).items.every(
          (item: unknown) =>
            typeof item === 'object' &&
            item !== null &&
            typeof (item as ConsentManifestItem).text === 'string' &&
            isStringArray((item as ConsentManifestItem).details),
        ),
    )
  );
}

/**
 * The manifest to show: `getManifest`'s when it returns a well-formed one, else (no generator, it threw, or it
 * returned something else) the default manifest (a failed custom manifest falls back to the default).
 */
export function resolveConsentManifest(
  getManifest: ConsentManifestGenerator | undefined,
  input: ConsentManifestInput & { hasCustomScopes: boolean },
  t: IdpTranslate,
): { manifest: ConsentManifest; isCustom: boolean } {
  if (getManifest) {
    try {
      const custom: unknown = getManifest({
        scopes: input.scopes,
        clientName: input.clientName,
        projectName: input.projectName,
      });
      if (isConsentManifest(custom)) return { manifest: custom, isCustom: true };
    } catch {
      // Falls back below.
    }
  }
  return { manifest: defaultConsentManifest(input, t), isCustom: false };
}
