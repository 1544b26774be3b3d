// The development upstream's part of one provider instance (products/registry.ts, `instance`): made when the
// provider is, started on first use, its routes served and closed with the provider. Social sign-in's code finds it
// by the instance's deps (`developmentUpstreamOf`, ./byInstance.ts); the provider object answers it as `developmentUpstream`.
import type { ProviderDeps } from '../../../http/context';
import type { ProductInstance } from '../../registry';
import { callbackUrl } from '../upstreamClient';
import { setDevelopmentUpstream } from './byInstance';
import { createLazyDevelopmentUpstream, type LazyDevelopmentUpstream } from './lazyDevelopmentUpstream';
import { registerDevelopmentUpstreamRoutes } from './routes';

/** Makes the instance's development upstream when `project.oauth.developmentUpstream` is on. */
export function developmentUpstreamInstance(deps: ProviderDeps): ProductInstance {
  const options = deps.config.project.oauth.developmentUpstream;
  if (!options.enabled) return { provides: { developmentUpstream: null } };
  // Started on first use: a provider that never signs anyone in socially opens no listener.
  const upstream = createLazyDevelopmentUpstream(() => ({
    host: options.host,
    port: options.port,
    redirectUris: [callbackUrl(deps)],
  }));
  setDevelopmentUpstream(deps, upstream);
  return {
    routes: (app) => registerDevelopmentUpstreamRoutes(app, upstream),
    close: () => upstream.close(),
    provides: { developmentUpstream: upstream },
  };
}

declare module '../../../provider' {
  interface Provider {
    /**
     * The development OAuth upstream (started on first `get()`), when it is on: development mode and not switched
     * off with `project.oauth.developmentUpstream.enabled: false`.
     */
    developmentUpstream: LazyDevelopmentUpstream | null;
  }
}
