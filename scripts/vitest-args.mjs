// Command-line helpers for scripts/test.mjs. Dependency-free.

/**
 * `args` (vitest's command line) without the project `name`: with `--project` filters, the ones naming `name`
 * are dropped (`null` when none is left: nothing to run); without any, `--project !name` is added.
 *
 * @param {string[]} args
 * @param {string} name
 * @returns {string[] | null}
 */
export function withoutProject(args, name) {
  const kept = [];
  let projects = 0;
  let keptProjects = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    let value;
    if (arg === '--project' && i + 1 < args.length) {
      value = args[i + 1];
      i += 1;
    } else if (arg.startsWith('--project=')) {
      value = arg.slice('--project='.length);
    } else {
      kept.push(arg);
      continue;
    }
    projects += 1;
    if (value === name) continue;
    keptProjects += 1;
    kept.push('--project', value);
  }
  if (projects === 0) return [...kept, '--project', `!${name}`];
  return keptProjects === 0 ? null : kept;
}
