// The sample's hooks half: its descriptor, its events and rows, and its flow hook.
export * from './product';
export * from './transitions';
export * from './useSecurityQuestionFlow';
