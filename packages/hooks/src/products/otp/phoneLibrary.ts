// The phone-parsing chunk: only the function usePhoneNumber calls, so the bundler leaves out the rest of
// libphonenumber-js (about a third of its gzipped size; BENCHMARKS.md, kit bundle size). Import this module only
// with `import()` (usePhoneNumber.ts): a static import would put the library in every bundle.
export { parsePhoneNumberFromString } from 'libphonenumber-js/min';
