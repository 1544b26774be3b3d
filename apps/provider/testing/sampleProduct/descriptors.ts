// The descriptors' registry as the `provider-sample` test project loads it: vitePlugin.ts resolves every import of
// src/products/descriptors.ts to this module, which is the real lists plus the sample's line in each. The core
// (src/products/productParts.ts, config.ts, db/migrations.ts, services/*) gathers the rest from these lists.
import type { ProductDescriptor, UserAnswerPart } from '../../src/products/descriptor';
import { PRODUCT_DESCRIPTORS as DESCRIPTORS, USER_ANSWER_PARTS as PARTS } from '../../src/products/descriptors';
import { securityQuestionDescriptor } from './descriptor';

export * from '../../src/products/descriptors';

export const PRODUCT_DESCRIPTORS: readonly ProductDescriptor[] = [...DESCRIPTORS, securityQuestionDescriptor];

export const USER_ANSWER_PARTS: readonly UserAnswerPart[] = [...PARTS, securityQuestionDescriptor.userAnswer];
