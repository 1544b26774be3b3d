// The sample's kit half: its screen and block with their parts, its texts, its kit descriptor.
export * from './kit';
export * from './messages';
export * from './SecurityQuestionScreen';
