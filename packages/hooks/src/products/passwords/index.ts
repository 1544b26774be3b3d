// The password product's hooks and descriptor.
export * from './product';
export * from './queryOptions';
export * from './transitions';
export * from './useCreatePasswordInstead';
export * from './usePasswordFlow';
export * from './usePasswordReset';
export * from './usePasswordStrength';
