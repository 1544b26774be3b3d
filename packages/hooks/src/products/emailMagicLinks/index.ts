// The magic-link product's hooks and descriptor.
export * from './product';
export * from './useMagicLinkFlow';
