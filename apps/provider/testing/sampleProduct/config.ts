// The sample product's configuration: `project.securityQuestion` and `rateLimits.securityAnswerAttemptsPerIp`,
// merged into the provider's schema by its descriptor (config.ts iterates the descriptors).
import { z } from 'zod';
import { rateWindow } from '../../src/configFields';
import type { ProviderDeps } from '../../src/http/context';

/** The longest question or answer accepted (answers are hashed with argon2id: the input is bounded). */
export const MAX_SECURITY_TEXT_LENGTH = 200;

const securityQuestionSection = z.strictObject({
  /** Off: both routes answer `method_not_enabled`. */
  enabled: z.boolean().default(true),
  /** The shortest answer `security_questions/set` accepts, in characters once normalised. */
  minAnswerLength: z.number().int().min(1).max(MAX_SECURITY_TEXT_LENGTH).default(3),
});

export type SecurityQuestionSettings = z.infer<typeof securityQuestionSection>;

export const securityQuestionConfig = {
  project: {
    securityQuestion: securityQuestionSection.default({ enabled: true, minAnswerLength: 3 }),
  },
  rateLimits: {
    /** Answers checked per client IP (the user's guess slots cap them per account). */
    securityAnswerAttemptsPerIp: rateWindow.default({ limit: 30, windowSeconds: 60 }),
  },
};

// A real product's sections are typed by `ProviderConfig`, which is inferred from the registry's list as the type
// checker sees it (src/products/descriptors.ts). The sample is in the list only the test project's modules load
// (./registry.ts, ./descriptors.ts), so its code reads its sections through these two accessors.
type SampleConfig = {
  project: { securityQuestion: SecurityQuestionSettings };
  rateLimits: { securityAnswerAttemptsPerIp: { limit: number; windowSeconds: number } };
};
const sampleConfig = (deps: ProviderDeps) => deps.config as unknown as SampleConfig;

/** `project.securityQuestion` of the running provider. */
export const securityQuestionSettings = (deps: ProviderDeps): SecurityQuestionSettings =>
  sampleConfig(deps).project.securityQuestion;

/** `rateLimits.securityAnswerAttemptsPerIp` of the running provider. */
export const answerAttemptsLimit = (deps: ProviderDeps) => sampleConfig(deps).rateLimits.securityAnswerAttemptsPerIp;
