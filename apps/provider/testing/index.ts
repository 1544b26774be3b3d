// `@latchkey/provider/testing` (package.json `exports`): the provider's test harness, for the provider's own tests
// and for the packages' tests (`@latchkey/testing`, `@latchkey/server`). It lives here, beside src/ and test/, so no
// package imports an app's test folder; test/ keeps the test files and the helpers only the provider's tests use.
// `@latchkey/provider/testing/wallets` is the test wallets alone (testWallets.ts), for the browser tests, which need
// neither the provider nor its database drivers loaded in their process.
export * from './harness';
