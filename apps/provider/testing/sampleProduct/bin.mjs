#!/usr/bin/env node
// `latchkey-provider` with the sample product (issue 27's proof): the same command, its two registries resolved to
// the fixture's (resolveHooks.mjs) before the provider's source loads. For browser tests that need a provider
// process serving the sample: `node apps/provider/testing/sampleProduct/bin.mjs start --port …`.
import { register } from 'node:module';

register('./resolveHooks.mjs', import.meta.url);
await import('../../bin/latchkey-provider.mjs');
