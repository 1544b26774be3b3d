// The profile each of the 19 upstreams answers, both ways: `mapProfile` reads a real answer into Latchkey's
// fields, `developmentProfile` renders a development identity in that same shape (the development upstream's
// `/profile/<provider>`), so the production mapping is what development and the tests exercise.
//
// What each upstream's answer is, and whether it asserts the email as verified. Account linking by email is
// allowed only on `emailVerified` (README, "Security"), so it is true only where the upstream says so explicitly:
//
// | provider   | profile answer (what P2's descriptor fetches)                          | emailVerified from          |
// |------------|-------------------------------------------------------------------------|-----------------------------|
// | google     | OIDC userinfo                                                           | `email_verified === true`   |
// | microsoft  | OIDC userinfo (graph.microsoft.com/oidc/userinfo)                       | never (tenants set any email) |
// | apple      | the ID token's claims (no profile API); `user` (form_post) optional      | `email_verified` true/'true' |
// | github     | `/user` plus `/user/emails` under `emails`                              | the primary email's `verified` |
// | gitlab     | OIDC userinfo                                                           | `email_verified === true`   |
// | facebook   | Graph `/me?fields=id,name,email,first_name,last_name,picture`           | never                        |
// | discord    | `/users/@me`                                                            | `verified === true`          |
// | salesforce | OIDC userinfo                                                           | `email_verified === true`   |
// | slack      | `openid.connect.userInfo`                                               | `email_verified === true`   |
// | amazon     | `/user/profile`                                                         | never                        |
// | bitbucket  | `/2.0/user` plus `/2.0/user/emails` under `emails`                       | the primary email's `is_confirmed` |
// | linkedin   | OIDC userinfo (`/v2/userinfo`, locale as an object)                     | `email_verified === true`   |
// | coinbase   | `/v2/user` (`data`)                                                     | never                        |
// | twitch     | OIDC userinfo (Helix `/users` `data[0]` also read)                       | `email_verified === true` (OIDC only) |
// | twitter    | `/2/users/me` (`data`), no email                                        | never                        |
// | tiktok     | `/v2/user/info/` (`data.user`, `open_id`), no email                      | never                        |
// | snapchat   | Snap Kit `/v1/me` (`data.me`, `externalId`), no email                    | never                        |
// | figma      | `/v1/me`                                                                | never                        |
// | yahoo      | OIDC userinfo                                                           | `email_verified === true`   |
import type { OAuthProvider } from '@latchkey/sdk/contract';
import { EMAIL_PATTERN } from '../../services/guards';

/** The OpenID Connect claims of a development identity (what `developmentProfile` renders). */
export interface DevelopmentClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture?: string;
  /** BCP 47, `en-US`. */
  locale?: string;
}

/** A provider's profile in Latchkey's terms. Missing text fields are ''. */
export interface SocialProfile {
  /** The provider's stable id for the user: identities are keyed by (provider, subject). */
  subject: string;
  /** Null when the upstream gives none (Twitter/X, TikTok, Snapchat) or the user withheld it. */
  email: string | null;
  /** True only where the upstream asserts the email as verified (table above). */
  emailVerified: boolean;
  name: string;
  pictureUrl: string;
  /** BCP 47 with a hyphen (`en-US`), as far as the upstream gives one. */
  locale: string;
}

type Json = Record<string, unknown>;

/** Renders a development identity the way `provider`'s profile API would answer for it. */
export function developmentProfile(provider: OAuthProvider, claims: DevelopmentClaims): Json {
  const { sub, email, name, picture, locale } = claims;
  const verified = claims.email_verified;
  const numericId = /^[1-9]\d{0,15}$/.test(sub) && Number.isSafeInteger(Number(sub)) ? Number(sub) : sub;
  const login = email.split('@')[0] ?? sub;
  const oidc = {
    sub,
    name,
    given_name: claims.given_name,
    family_name: claims.family_name,
    email,
    email_verified: verified,
    ...(picture ? { picture } : {}),
    ...(locale ? { locale } : {}),
  };
  switch (provider) {
    case 'google':
    case 'yahoo':
      return oidc;
    case 'microsoft': {
      const { email_verified: _unasserted, locale: _none, ...rest } = oidc;
      return rest;
    }
    case 'apple':
      // Apple's ID token: email_verified and is_private_email as strings, no name, picture or locale.
      return { sub, email, email_verified: String(verified), is_private_email: 'false', real_user_status: 2 };
    case 'gitlab':
      return { ...oidc, sub_legacy: sub, nickname: login, preferred_username: login, groups: [] };
    case 'salesforce':
      return {
        ...oidc,
        user_id: sub,
        organization_id: '00D000000000001EAA',
        preferred_username: email,
        nickname: login,
        ...(locale ? { locale: locale.replace('-', '_') } : {}),
        ...(picture ? { photos: { picture, thumbnail: picture } } : {}),
      };
    case 'slack':
      return {
        ok: true,
        ...oidc,
        'https://slack.com/user_id': sub,
        'https://slack.com/team_id': 'T0LATCHKEY',
        'https://slack.com/team_name': 'Latchkey development',
      };
    case 'linkedin': {
      const [language, country] = (locale ?? '').split('-');
      return { ...oidc, ...(locale ? { locale: { language, country: country ?? '' } } : {}) };
    }
    case 'twitch': {
      const { name: _name, given_name: _given, family_name: _family, locale: _locale, ...rest } = oidc;
      return { ...rest, preferred_username: name };
    }
    case 'github':
      return {
        login,
        id: numericId,
        node_id: `U_${sub}`,
        avatar_url: picture ?? '',
        type: 'User',
        name,
        email: null,
        emails: [{ email, primary: true, verified, visibility: 'private' }],
      };
    case 'facebook':
      return {
        id: sub,
        name,
        email,
        first_name: claims.given_name,
        last_name: claims.family_name,
        ...(picture ? { picture: { data: { height: 50, width: 50, is_silhouette: false, url: picture } } } : {}),
      };
    case 'discord':
      // Discord gives an avatar hash, not a URL: a development picture cannot travel.
      return {
        id: sub,
        username: login,
        discriminator: '0',
        global_name: name,
        avatar: null,
        verified,
        email,
        mfa_enabled: false,
        ...(locale ? { locale } : {}),
        flags: 0,
        premium_type: 0,
        public_flags: 0,
      };
    case 'amazon':
      return { user_id: sub, email, name };
    case 'bitbucket':
      return {
        type: 'user',
        account_id: sub,
        uuid: `{${sub}}`,
        username: login,
        nickname: login,
        display_name: name,
        links: { avatar: { href: picture ?? '' } },
        emails: {
          values: [{ type: 'email', email, is_primary: true, is_confirmed: verified }],
          pagelen: 10,
          page: 1,
          size: 1,
        },
      };
    case 'coinbase':
      return {
        data: {
          id: sub,
          name,
          username: login,
          avatar_url: picture ?? '',
          email,
          resource: 'user',
          resource_path: `/v2/users/${sub}`,
        },
      };
    case 'twitter':
      return { data: { id: sub, name, username: login, ...(picture ? { profile_image_url: picture } : {}) } };
    case 'tiktok':
      return {
        data: { user: { open_id: sub, union_id: `union-${sub}`, display_name: name, avatar_url: picture ?? '' } },
        error: { code: 'ok', message: '', log_id: 'latchkey-development' },
      };
    case 'snapchat':
      return {
        data: {
          me: { externalId: sub, displayName: name, ...(picture ? { bitmoji: { avatar: picture, id: sub } } : {}) },
        },
      };
    case 'figma':
      return { id: sub, email, handle: name, img_url: picture ?? '' };
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Ids are strings, or JSON numbers at GitHub (and at other upstreams in older API versions). */
const identifier = (value: unknown): string =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value);
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);
const orNull = (value: string): string | null => (value === '' ? null : value);
/**
 * An upstream's email address, or '' (no email) when it is not a plain `local@domain` by assertEmail's rule
 * (services/guards.ts): an address-list-like string (`x<a@evil.example>.corp.example`) is never stored, nor trusted
 * as verified; the profile has no email, as when the upstream gives none.
 */
const emailText = (value: unknown): string => {
  const email = text(value);
  return email.length <= 254 && EMAIL_PATTERN.test(email.trim()) ? email : '';
};
/** `en_US` → `en-US`. */
const bcp47 = (value: string): string => value.replace(/_/g, '-');

/** Reads `json`, the answer of `provider`'s profile API (table above), into Latchkey's fields. */
export function mapProfile(provider: OAuthProvider, json: unknown): SocialProfile {
  const profile = mapFields(provider, record(json));
  if (profile.subject === '') throw new Error(`The ${provider} profile has no user id`);
  return profile;
}

function fromOidc(json: Json, isVerifiedAsserted: boolean): SocialProfile {
  const name = text(json.name) || [text(json.given_name), text(json.family_name)].filter(Boolean).join(' ');
  return {
    subject: identifier(json.sub),
    email: orNull(emailText(json.email)),
    emailVerified: isVerifiedAsserted && json.email_verified === true && emailText(json.email) !== '',
    name,
    pictureUrl: text(json.picture),
    locale: bcp47(text(json.locale)),
  };
}

function mapFields(provider: OAuthProvider, json: Json): SocialProfile {
  switch (provider) {
    case 'google':
    case 'gitlab':
    case 'slack':
    case 'yahoo':
      return fromOidc(json, true);
    case 'microsoft': {
      // Graph's photo URL needs the access token, so a browser cannot show it.
      const profile = fromOidc(json, false);
      return profile.pictureUrl.startsWith('https://graph.microsoft.com/') ? { ...profile, pictureUrl: '' } : profile;
    }
    case 'salesforce':
      return { ...fromOidc(json, true), pictureUrl: text(json.picture) || text(record(json.photos).picture) };
    case 'linkedin': {
      const locale = record(json.locale);
      const tag = [text(locale.language), text(locale.country)].filter(Boolean).join('-');
      return { ...fromOidc({ ...json, locale: undefined }, true), locale: tag || bcp47(text(json.locale)) };
    }
    case 'twitch': {
      const helix = Array.isArray(json.data) ? list(json.data)[0] : undefined;
      if (helix) {
        return {
          subject: identifier(helix.id),
          email: orNull(emailText(helix.email)),
          emailVerified: false,
          name: text(helix.display_name) || text(helix.login),
          pictureUrl: text(helix.profile_image_url),
          locale: '',
        };
      }
      return { ...fromOidc(json, true), name: text(json.preferred_username) || text(json.name) };
    }
    case 'apple': {
      // Apple sends email_verified as a string in most ID tokens and as a boolean in some.
      const user = record(json.user);
      const name = record(user.name);
      const email = emailText(json.email) || emailText(user.email);
      return {
        subject: identifier(json.sub),
        email: orNull(email),
        emailVerified: emailText(json.email) !== '' && (json.email_verified === true || json.email_verified === 'true'),
        name: [text(name.firstName), text(name.lastName)].filter(Boolean).join(' '),
        pictureUrl: '',
        locale: '',
      };
    }
    case 'github': {
      // Only /user/emails says whether an address is verified; /user's public `email` is never trusted as verified.
      const primary = list(json.emails).find((entry) => entry.primary === true);
      const email = emailText(primary?.email) || emailText(json.email);
      return {
        subject: identifier(json.id),
        email: orNull(email),
        emailVerified: primary !== undefined && primary.verified === true && emailText(primary.email) !== '',
        name: text(json.name) || text(json.login),
        pictureUrl: text(json.avatar_url),
        locale: '',
      };
    }
    case 'facebook': {
      const picture = record(record(json.picture).data);
      return {
        subject: identifier(json.id),
        email: orNull(emailText(json.email)),
        emailVerified: false,
        name: text(json.name) || [text(json.first_name), text(json.last_name)].filter(Boolean).join(' '),
        pictureUrl: picture.is_silhouette === true ? '' : text(picture.url),
        locale: '',
      };
    }
    case 'discord': {
      const id = identifier(json.id);
      const avatar = text(json.avatar);
      return {
        subject: id,
        email: orNull(emailText(json.email)),
        emailVerified: json.verified === true && emailText(json.email) !== '',
        name: text(json.global_name) || text(json.username),
        pictureUrl: avatar === '' ? '' : `https://cdn.discordapp.com/avatars/${id}/${avatar}.png`,
        locale: bcp47(text(json.locale)),
      };
    }
    case 'amazon': {
      const userId = identifier(json.user_id);
      return {
        subject: userId,
        email: orNull(emailText(json.email)),
        emailVerified: false,
        name: text(json.name),
        pictureUrl: '',
        locale: '',
      };
    }
    case 'bitbucket': {
      const primary = list(record(json.emails).values).find((entry) => entry.is_primary === true);
      return {
        subject: identifier(json.account_id) || identifier(json.uuid),
        email: orNull(emailText(primary?.email)),
        emailVerified: primary !== undefined && primary.is_confirmed === true && emailText(primary.email) !== '',
        name: text(json.display_name) || text(json.nickname),
        pictureUrl: text(record(record(json.links).avatar).href),
        locale: '',
      };
    }
    case 'coinbase': {
      const data = record(json.data);
      return {
        subject: identifier(data.id),
        email: orNull(emailText(data.email)),
        emailVerified: false,
        name: text(data.name) || text(data.username),
        pictureUrl: text(data.avatar_url),
        locale: '',
      };
    }
    case 'twitter': {
      const data = record(json.data);
      return {
        subject: identifier(data.id),
        email: null,
        emailVerified: false,
        name: text(data.name) || text(data.username),
        pictureUrl: text(data.profile_image_url),
        locale: '',
      };
    }
    case 'tiktok': {
      const user = record(record(json.data).user);
      return {
        subject: identifier(user.open_id),
        email: null,
        emailVerified: false,
        name: text(user.display_name),
        pictureUrl: text(user.avatar_url),
        locale: '',
      };
    }
    case 'snapchat': {
      const me = record(record(json.data).me);
      return {
        subject: identifier(me.externalId),
        email: null,
        emailVerified: false,
        name: text(me.displayName),
        pictureUrl: text(record(me.bitmoji).avatar),
        locale: '',
      };
    }
    case 'figma':
      return {
        subject: identifier(json.id),
        email: orNull(emailText(json.email)),
        emailVerified: false,
        name: text(json.handle),
        pictureUrl: text(json.img_url),
        locale: '',
      };
  }
}
