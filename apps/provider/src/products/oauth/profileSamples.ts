// One recorded answer per upstream, in the shape its documentation shows (ids, hashes and URLs are the
// documentation's examples or made up in the same format; nobody's real data), with what `mapProfile` makes of it.
// profiles.test.ts maps each one; keep a sample in step when an upstream changes its answer.
import type { OAuthProvider } from '@latchkey/sdk/contract';
import type { SocialProfile } from './profiles';

/** A recorded profile answer and its expected mapping. */
export interface ProfileSample {
  /** What the sample shows, when a provider has more than one. */
  title: string;
  json: unknown;
  profile: SocialProfile;
}

export const PROFILE_SAMPLES: Record<OAuthProvider, ProfileSample[]> = {
  google: [
    {
      title: 'OpenID Connect userinfo',
      json: {
        sub: '110169484474386276334',
        name: 'Ada Lovelace',
        given_name: 'Ada',
        family_name: 'Lovelace',
        picture: 'https://lh3.googleusercontent.com/a/ACg8ocJx3QyQd2m0bL9tq1WQ=s96-c',
        email: 'ada.lovelace@gmail.com',
        email_verified: true,
        locale: 'en',
      },
      profile: {
        subject: '110169484474386276334',
        email: 'ada.lovelace@gmail.com',
        emailVerified: true,
        name: 'Ada Lovelace',
        pictureUrl: 'https://lh3.googleusercontent.com/a/ACg8ocJx3QyQd2m0bL9tq1WQ=s96-c',
        locale: 'en',
      },
    },
    {
      title: 'a Workspace account whose email_verified arrives as a string is not trusted',
      json: { sub: '104857600000000000001', email: 'bo@example.org', email_verified: 'true', hd: 'example.org' },
      profile: {
        subject: '104857600000000000001',
        email: 'bo@example.org',
        emailVerified: false,
        name: '',
        pictureUrl: '',
        locale: '',
      },
    },
  ],
  microsoft: [
    {
      title: 'graph.microsoft.com/oidc/userinfo: an email without any verification',
      json: {
        sub: 'OLu859SGc2Sr9ZsqbkG-QbeLgJlb41KcdiPoLYNpSFA',
        name: 'Megan Bowen',
        family_name: 'Bowen',
        given_name: 'Megan',
        picture: 'https://graph.microsoft.com/v1.0/me/photo/$value',
        email: 'MeganB@M365x214355.onmicrosoft.com',
        email_verified: true,
      },
      profile: {
        subject: 'OLu859SGc2Sr9ZsqbkG-QbeLgJlb41KcdiPoLYNpSFA',
        email: 'MeganB@M365x214355.onmicrosoft.com',
        emailVerified: false,
        name: 'Megan Bowen',
        pictureUrl: '',
        locale: '',
      },
    },
  ],
  apple: [
    {
      title: 'ID token claims with string booleans (a private relay address)',
      json: {
        iss: 'https://appleid.apple.com',
        aud: 'com.example.web',
        exp: 1_700_003_600,
        iat: 1_700_000_000,
        sub: '001234.5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c.1234',
        c_hash: 'kLkAvwL3H4YHJ5dD9Nh1aw',
        email: 'x7yz3abc9q@privaterelay.appleid.com',
        email_verified: 'true',
        is_private_email: 'true',
        auth_time: 1_700_000_000,
        nonce_supported: true,
        real_user_status: 2,
      },
      profile: {
        subject: '001234.5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c.1234',
        email: 'x7yz3abc9q@privaterelay.appleid.com',
        emailVerified: true,
        name: '',
        pictureUrl: '',
        locale: '',
      },
    },
    {
      title: 'a first sign-in: boolean email_verified and the form_post `user` with the name',
      json: {
        sub: '001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.0001',
        email: 'grace@example.com',
        email_verified: true,
        user: { name: { firstName: 'Grace', lastName: 'Hopper' }, email: 'grace@example.com' },
      },
      profile: {
        subject: '001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.0001',
        email: 'grace@example.com',
        emailVerified: true,
        name: 'Grace Hopper',
        pictureUrl: '',
        locale: '',
      },
    },
  ],
  github: [
    {
      title: '/user with /user/emails: the verified primary address',
      json: {
        login: 'octocat',
        id: 583231,
        node_id: 'MDQ6VXNlcjU4MzIzMQ==',
        avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
        html_url: 'https://github.com/octocat',
        type: 'User',
        site_admin: false,
        name: 'The Octocat',
        company: '@github',
        email: null,
        created_at: '2011-01-25T18:44:36Z',
        emails: [
          { email: 'octocat@github.com', primary: true, verified: true, visibility: 'public' },
          { email: 'octo@old.example', primary: false, verified: false, visibility: null },
        ],
      },
      profile: {
        subject: '583231',
        email: 'octocat@github.com',
        emailVerified: true,
        name: 'The Octocat',
        pictureUrl: 'https://avatars.githubusercontent.com/u/583231?v=4',
        locale: '',
      },
    },
    {
      title: 'an unverified primary address, and a public /user email, are not verified',
      json: {
        login: 'mona',
        id: 9_919_001,
        avatar_url: 'https://avatars.githubusercontent.com/u/9919001?v=4',
        name: null,
        email: 'mona@public.example',
        emails: [
          { email: 'mona@new.example', primary: true, verified: false, visibility: 'private' },
          { email: 'mona@public.example', primary: false, verified: true, visibility: 'public' },
        ],
      },
      profile: {
        subject: '9919001',
        email: 'mona@new.example',
        emailVerified: false,
        name: 'mona',
        pictureUrl: 'https://avatars.githubusercontent.com/u/9919001?v=4',
        locale: '',
      },
    },
  ],
  gitlab: [
    {
      title: 'OpenID Connect userinfo',
      json: {
        sub: '1234567',
        sub_legacy: '2f0c6c0cdd1d5a2e1b1a6b0a7b16d3c5a9f5b3b1c0c0b8e1f2a3b4c5d6e7f8a9',
        name: 'Jane Doe',
        nickname: 'janedoe',
        preferred_username: 'janedoe',
        email: 'jane@example.com',
        email_verified: true,
        website: '',
        profile: 'https://gitlab.com/janedoe',
        picture: 'https://gitlab.com/uploads/-/system/user/avatar/1234567/avatar.png',
        groups: ['acme', 'acme/web'],
      },
      profile: {
        subject: '1234567',
        email: 'jane@example.com',
        emailVerified: true,
        name: 'Jane Doe',
        pictureUrl: 'https://gitlab.com/uploads/-/system/user/avatar/1234567/avatar.png',
        locale: '',
      },
    },
  ],
  facebook: [
    {
      title: 'Graph /me with fields, never a verified email',
      json: {
        id: '10224321123456789',
        name: 'Mark Lee',
        email: 'mark@example.com',
        first_name: 'Mark',
        last_name: 'Lee',
        picture: {
          data: {
            height: 50,
            is_silhouette: false,
            url: 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224321123456789&height=50&width=50&ext=1700000000&hash=AbCdEf',
            width: 50,
          },
        },
      },
      profile: {
        subject: '10224321123456789',
        email: 'mark@example.com',
        emailVerified: false,
        name: 'Mark Lee',
        pictureUrl:
          'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224321123456789&height=50&width=50&ext=1700000000&hash=AbCdEf',
        locale: '',
      },
    },
  ],
  discord: [
    {
      title: '/users/@me with the email scope',
      json: {
        id: '80351110224678912',
        username: 'nelly',
        discriminator: '0',
        global_name: 'Nelly',
        avatar: '8342729096ea3675442027381ff50dfe',
        verified: true,
        email: 'nelly@discord.com',
        flags: 64,
        banner: '06c16474723fe537c283b8efa61a30c8',
        accent_color: 16_711_680,
        premium_type: 1,
        public_flags: 64,
        mfa_enabled: true,
        locale: 'en-US',
      },
      profile: {
        subject: '80351110224678912',
        email: 'nelly@discord.com',
        emailVerified: true,
        name: 'Nelly',
        pictureUrl: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
        locale: 'en-US',
      },
    },
  ],
  salesforce: [
    {
      title: 'OpenID Connect userinfo (locale with an underscore, photos)',
      json: {
        sub: 'https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P',
        user_id: '005x00000012Q9P',
        organization_id: '00Dx0000000BV7z',
        preferred_username: 'admin@acme.example',
        nickname: 'admin',
        name: 'Admin User',
        email: 'admin@acme.example',
        email_verified: true,
        given_name: 'Admin',
        family_name: 'User',
        zoneinfo: 'America/Los_Angeles',
        photos: {
          picture: 'https://acme.file.force.com/profilephoto/005/F',
          thumbnail: 'https://acme.file.force.com/profilephoto/005/T',
        },
        profile: 'https://acme.my.salesforce.com/005x00000012Q9P',
        picture: 'https://acme.file.force.com/profilephoto/005/F',
        active: true,
        user_type: 'STANDARD',
        language: 'en_US',
        locale: 'en_US',
        utcOffset: -28_800_000,
        updated_at: '2024-02-01T10:00:00Z',
      },
      profile: {
        subject: 'https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P',
        email: 'admin@acme.example',
        emailVerified: true,
        name: 'Admin User',
        pictureUrl: 'https://acme.file.force.com/profilephoto/005/F',
        locale: 'en-US',
      },
    },
  ],
  slack: [
    {
      title: 'openid.connect.userInfo',
      json: {
        ok: true,
        sub: 'U0R7JM',
        'https://slack.com/user_id': 'U0R7JM',
        'https://slack.com/team_id': 'T0R7GR',
        email: 'krane@slack-corp.com',
        email_verified: true,
        date_email_verified: 1_622_128_723,
        name: 'krane',
        picture: 'https://secure.gravatar.com/avatar/cb0c2b2ca5e8de16be31a55a734d0f31.jpg?s=512',
        given_name: 'Bront',
        family_name: 'Labradoodle',
        locale: 'en-US',
        'https://slack.com/team_name': 'kraneflannel',
        'https://slack.com/team_domain': 'kraneflannel',
      },
      profile: {
        subject: 'U0R7JM',
        email: 'krane@slack-corp.com',
        emailVerified: true,
        name: 'krane',
        pictureUrl: 'https://secure.gravatar.com/avatar/cb0c2b2ca5e8de16be31a55a734d0f31.jpg?s=512',
        locale: 'en-US',
      },
    },
  ],
  amazon: [
    {
      title: '/user/profile, which asserts nothing about the email',
      json: {
        user_id: 'amzn1.account.K2LI23KL2LK2',
        email: 'mhashimoto-04@plaxo.com',
        name: 'Mork Hashimoto',
        postal_code: '98052',
      },
      profile: {
        subject: 'amzn1.account.K2LI23KL2LK2',
        email: 'mhashimoto-04@plaxo.com',
        emailVerified: false,
        name: 'Mork Hashimoto',
        pictureUrl: '',
        locale: '',
      },
    },
  ],
  bitbucket: [
    {
      title: '/2.0/user with /2.0/user/emails',
      json: {
        type: 'user',
        account_id: '557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443',
        uuid: '{d301aafa-d676-4ee0-88be-962be7417567}',
        username: 'tutorials',
        nickname: 'tutorials',
        display_name: 'tutorials account',
        account_status: 'active',
        created_on: '2011-12-20T16:34:07.132459+00:00',
        links: {
          avatar: { href: 'https://secure.gravatar.com/avatar/0e4f8a7cbd5c6a1fbf1ff0a2fd3b4f2e?d=identicon' },
          html: { href: 'https://bitbucket.org/tutorials/' },
        },
        emails: {
          values: [
            { type: 'email', email: 'old@example.com', is_primary: false, is_confirmed: true },
            { type: 'email', email: 'tutorials@example.com', is_primary: true, is_confirmed: true },
          ],
          pagelen: 10,
          page: 1,
          size: 2,
        },
      },
      profile: {
        subject: '557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443',
        email: 'tutorials@example.com',
        emailVerified: true,
        name: 'tutorials account',
        pictureUrl: 'https://secure.gravatar.com/avatar/0e4f8a7cbd5c6a1fbf1ff0a2fd3b4f2e?d=identicon',
        locale: '',
      },
    },
  ],
  linkedin: [
    {
      title: '/v2/userinfo with the locale as an object',
      json: {
        sub: '782bbtaQ',
        name: 'John Doe',
        given_name: 'John',
        family_name: 'Doe',
        picture: 'https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/',
        locale: { country: 'US', language: 'en' },
        email: 'doe@email.com',
        email_verified: true,
      },
      profile: {
        subject: '782bbtaQ',
        email: 'doe@email.com',
        emailVerified: true,
        name: 'John Doe',
        pictureUrl: 'https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/',
        locale: 'en-US',
      },
    },
  ],
  coinbase: [
    {
      title: '/v2/user with wallet:user:email',
      json: {
        data: {
          id: '9da7a204-544e-5fd1-9a12-61176c5d4cd8',
          name: 'User One',
          username: 'user1',
          profile_location: null,
          profile_bio: null,
          profile_url: 'https://coinbase.com/user1',
          avatar_url: 'https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH&s=128',
          resource: 'user',
          resource_path: '/v2/user',
          email: 'user1@example.com',
        },
      },
      profile: {
        subject: '9da7a204-544e-5fd1-9a12-61176c5d4cd8',
        email: 'user1@example.com',
        emailVerified: false,
        name: 'User One',
        pictureUrl: 'https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH&s=128',
        locale: '',
      },
    },
  ],
  twitch: [
    {
      title: 'OpenID Connect userinfo with the claims asked for by name',
      json: {
        aud: 'hof5gwx0su6owfnys0yan9c87zr6t',
        exp: 1_700_003_600,
        iat: 1_700_000_000,
        iss: 'https://id.twitch.tv/oauth2',
        sub: '713936733',
        email: 'scotwht@justin.tv',
        email_verified: true,
        picture:
          'https://static-cdn.jtvnw.net/user-default-pictures-uv/998f01ae-def8-11e9-b95c-784f43822e80-profile_image-150x150.png',
        preferred_username: 'scotwht',
        updated_at: '2023-06-01T12:00:00Z',
      },
      profile: {
        subject: '713936733',
        email: 'scotwht@justin.tv',
        emailVerified: true,
        name: 'scotwht',
        pictureUrl:
          'https://static-cdn.jtvnw.net/user-default-pictures-uv/998f01ae-def8-11e9-b95c-784f43822e80-profile_image-150x150.png',
        locale: '',
      },
    },
    {
      title: 'Helix /users, which says nothing about verification',
      json: {
        data: [
          {
            id: '141981764',
            login: 'twitchdev',
            display_name: 'TwitchDev',
            type: '',
            broadcaster_type: 'partner',
            description: 'Supporting third-party developers building Twitch integrations.',
            profile_image_url:
              'https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png',
            offline_image_url:
              'https://static-cdn.jtvnw.net/jtv_user_pictures/3f13ab61-ec78-4fe6-8481-8682cb3b0ac2-channel_offline_image-1920x1080.png',
            view_count: 5_980_557,
            email: 'not-real@email.com',
            created_at: '2016-12-14T20:32:28Z',
          },
        ],
      },
      profile: {
        subject: '141981764',
        email: 'not-real@email.com',
        emailVerified: false,
        name: 'TwitchDev',
        pictureUrl:
          'https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png',
        locale: '',
      },
    },
  ],
  twitter: [
    {
      title: '/2/users/me?user.fields=profile_image_url: no email',
      json: {
        data: {
          id: '2244994945',
          name: 'Developers',
          username: 'XDevelopers',
          profile_image_url: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
        },
      },
      profile: {
        subject: '2244994945',
        email: null,
        emailVerified: false,
        name: 'Developers',
        pictureUrl: 'https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg',
        locale: '',
      },
    },
  ],
  tiktok: [
    {
      title: '/v2/user/info/?fields=open_id,union_id,avatar_url,display_name: no email',
      json: {
        data: {
          user: {
            avatar_url:
              'https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg',
            open_id: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
            union_id: 'c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1',
            display_name: 'Tik Toker',
          },
        },
        error: { code: 'ok', message: '', log_id: '20220829194722CBE87ED59D524E727021' },
      },
      profile: {
        subject: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
        email: null,
        emailVerified: false,
        name: 'Tik Toker',
        pictureUrl:
          'https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg',
        locale: '',
      },
    },
  ],
  snapchat: [
    {
      title: 'Snap Kit /v1/me with displayName and bitmoji: no email',
      json: {
        data: {
          me: {
            externalId: 'CAESIPiRBp0e5gLDq7VVurQ3rVdmdbqxpOJWynjyBL/xlo0w',
            displayName: 'Snap User',
            bitmoji: {
              avatar: 'https://sdk.bitmoji.com/render/panel/10216931-99590136_2-s5-v1.png?transparent=1&palette=1',
              id: '99590136',
            },
          },
        },
      },
      profile: {
        subject: 'CAESIPiRBp0e5gLDq7VVurQ3rVdmdbqxpOJWynjyBL/xlo0w',
        email: null,
        emailVerified: false,
        name: 'Snap User',
        pictureUrl: 'https://sdk.bitmoji.com/render/panel/10216931-99590136_2-s5-v1.png?transparent=1&palette=1',
        locale: '',
      },
    },
  ],
  figma: [
    {
      title: '/v1/me',
      json: {
        id: '1084933862374523413',
        email: 'designer@example.com',
        handle: 'Dee Signer',
        img_url: 'https://s3-alpha.figma.com/profile/5c9a2e3d-8b1f-4c3e-9b2a-7d6e5f4a3b2c',
      },
      profile: {
        subject: '1084933862374523413',
        email: 'designer@example.com',
        emailVerified: false,
        name: 'Dee Signer',
        pictureUrl: 'https://s3-alpha.figma.com/profile/5c9a2e3d-8b1f-4c3e-9b2a-7d6e5f4a3b2c',
        locale: '',
      },
    },
  ],
  yahoo: [
    {
      title: 'OpenID Connect userinfo',
      json: {
        sub: 'FSVIDUW3D7FSVIDUW3D72F2F',
        name: 'Jane Doe',
        given_name: 'Jane',
        family_name: 'Doe',
        locale: 'en-US',
        email: 'janedoe@example.com',
        email_verified: true,
        birthdate: '1999',
        nickname: 'jane',
        picture: 'https://s.yimg.com/ag/images/default_user_profile_pic_192sq.jpg',
        profile_images: { image32: 'https://s.yimg.com/ag/images/default_user_profile_pic_32sq.jpg' },
      },
      profile: {
        subject: 'FSVIDUW3D7FSVIDUW3D72F2F',
        email: 'janedoe@example.com',
        emailVerified: true,
        name: 'Jane Doe',
        pictureUrl: 'https://s.yimg.com/ag/images/default_user_profile_pic_192sq.jpg',
        locale: 'en-US',
      },
    },
  ],
};
