// The Node module hooks behind bin.mjs: the same swap as vitePlugin.ts for a provider process (tsx, not Vite, loads
// its source there). Each resolved URL is compared without its query (tsx adds one), and keeps it when swapped.
const file = (relative) => new URL(relative, import.meta.url).href;

const SWAPS = new Map([
  [file('../../src/products/registry.ts'), file('./registry.ts')],
  [file('../../src/products/descriptors.ts'), file('./descriptors.ts')],
]);

const withoutQuery = (url) => url.split('?')[0];

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const fixture = SWAPS.get(withoutQuery(resolved.url));
  // A fixture registry imports the real one it extends.
  if (fixture === undefined || (context.parentURL && withoutQuery(context.parentURL) === fixture)) return resolved;
  const query = resolved.url.slice(withoutQuery(resolved.url).length);
  return { ...resolved, url: fixture + query };
}
