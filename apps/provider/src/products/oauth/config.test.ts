// The social sign-in part of the configuration (`project.oauth`, and `publicUrl` its callbacks use), as parseConfig
// reads it. The whole default configuration is pinned in src/config.test.ts.
import { describe, expect, it } from 'vitest';
import { configProblem as problem } from '../../../test/configProblem';
import { parseConfig } from '../../config';
import { OAUTH_PROVIDERS } from './config';

const ALL_OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
];

describe('parseConfig: project.oauth', () => {
  it('takes publicUrl and project.oauth (providers in spec order, clients with secrets from the environment)', () => {
    expect(OAUTH_PROVIDERS).toEqual(ALL_OAUTH_PROVIDERS);
    const defaults = parseConfig({}).project.oauth;
    const config = parseConfig({
      publicUrl: 'https://auth.example.com',
      project: {
        oauth: {
          providers: ['github', 'google'],
          clients: { github: { clientId: 'Iv1.abc', clientSecretEnv: 'GITHUB_SECRET' } },
          developmentUpstream: { enabled: false },
          googleOneTap: { clientId: 'one-tap.apps.googleusercontent.com' },
        },
      },
    });
    expect(config.publicUrl).toBe('https://auth.example.com');
    expect(config.project.oauth).toEqual({
      ...defaults,
      providers: ['github', 'google'],
      clients: { github: { clientId: 'Iv1.abc', clientSecretEnv: 'GITHUB_SECRET' } },
      developmentUpstream: { enabled: false, host: '127.0.0.1', port: 0 },
      googleOneTap: { ...defaults.googleOneTap, clientId: 'one-tap.apps.googleusercontent.com' },
    });
    expect(problem({ publicUrl: 'https://auth.example.com/' })).toMatch(/publicUrl: must be an absolute/);
    expect(problem({ project: { oauth: { providers: ['myspace'] } } })).toMatch(/project\.oauth\.providers\.0: /);
    expect(
      problem({ project: { oauth: { clients: { github: { clientId: 'x', clientSecret: 'hunter2' } } } } }),
    ).toMatch(/project\.oauth\.clients\.github: Unrecognized key/);
    expect(
      problem({ project: { oauth: { clients: { github: { clientId: 'x', clientSecretEnv: 'not a name!' } } } } }),
    ).toMatch(/clientSecretEnv: must be the name of an environment variable/);
  });

  it('refuses the development OAuth upstream in production mode', () => {
    expect(problem({ mode: 'production', project: { oauth: { developmentUpstream: { enabled: true } } } })).toMatch(
      /project\.oauth\.developmentUpstream\.enabled: the development OAuth upstream cannot be enabled in production mode/,
    );
    expect(parseConfig({ mode: 'production' }).project.oauth.developmentUpstream.enabled).toBe(false);
    expect(
      parseConfig({ project: { oauth: { developmentUpstream: { enabled: false } } } }).project.oauth.developmentUpstream
        .enabled,
    ).toBe(false);
    // The parsed defaults are not shared: settling one configuration does not change another.
    parseConfig({ mode: 'production' });
    expect(parseConfig({}).project.oauth.developmentUpstream.enabled).toBe(true);
  });
});
