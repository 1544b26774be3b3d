/** This package's version; a test keeps it equal to package.json's. */
export const SDK_VERSION = '0.1.0';
/** The SDK's name in the `X-SDK-Client` telemetry header. */
export const SDK_IDENTIFIER = 'Latchkey JavaScript SDK';
