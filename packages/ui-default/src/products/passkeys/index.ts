// The passkey-registration widget's public exports: the themed `<PasskeyRegistration>` and its mount points
// (`mountPasskeyRegistration`, `renderPasskeyRegistration`, `<latchkey-passkey-registration>`'s type).
export * from './mountPoints';
export * from './PasskeyRegistration';
