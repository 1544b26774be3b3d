// The reset-password widget's public exports: the themed `<ResetPassword>` and its mount points
// (`mountResetPassword`, `renderResetPassword`, `<latchkey-reset-password>`'s type).
export * from './mountPoints';
export * from './ResetPassword';
