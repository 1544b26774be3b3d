// `import text from './file.css?inline'`: the stylesheet's text, its @imports inlined, as a string. Vite (the
// playground, ladle, vitest) does this natively; the package build does it with `inlineCss()` of
// tsup.config.base.ts.
declare module '*.css?inline' {
  const text: string;
  export default text;
}
