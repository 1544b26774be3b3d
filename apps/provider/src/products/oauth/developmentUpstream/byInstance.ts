// Which development upstream belongs to which provider instance (its deps): set by ./instance.ts, read by social
// sign-in's code. Apart from instance.ts, which imports the upstream client, so that the client can read it.
import type { ProviderDeps } from '../../../http/context';
import type { LazyDevelopmentUpstream } from './lazyDevelopmentUpstream';

const upstreams = new WeakMap<ProviderDeps, LazyDevelopmentUpstream>();

/** The instance's development upstream, or null when it is off (production, or switched off). */
export function developmentUpstreamOf(deps: ProviderDeps): LazyDevelopmentUpstream | null {
  return upstreams.get(deps) ?? null;
}

/** Records the instance's development upstream (./instance.ts). */
export function setDevelopmentUpstream(deps: ProviderDeps, upstream: LazyDevelopmentUpstream): void {
  upstreams.set(deps, upstream);
}
