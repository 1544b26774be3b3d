// Run by tarball.e2e.ts inside the temporary app, with the package names as arguments: loads each one with
// import() (its ES module entry) and with require() (its CommonJS entry) from the app's node_modules, and prints
// where each resolved and the names each exports, as JSON.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const exportedNames = (module) =>
  Object.keys(module)
    .filter((name) => name !== 'default' && name !== '__esModule')
    .sort();

const report = {};
for (const name of process.argv.slice(2)) {
  const esm = await import(name);
  const cjs = require(name);
  report[name] = {
    esm: { resolved: fileURLToPath(import.meta.resolve(name)), names: exportedNames(esm) },
    cjs: { resolved: require.resolve(name), names: exportedNames(cjs) },
  };
}
console.log(JSON.stringify(report));
