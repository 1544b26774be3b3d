// The robustness battery's cases for the sample product, shaped like a product folder's (test/robustnessCases.ts).
// The battery's glob reads src/products/*/ only, which the sample is not in: securityQuestion.test.ts runs these
// routes against every body of the battery, and these bodies against them.
import type { RobustnessCases } from '../../test/robustnessCases';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/security_questions/set'],
    ['POST', '/security_questions/authenticate'],
  ],
  bodies: [
    '{"question":{"$ne":null},"answer":["rex"]}',
    `{"question":"${'q'.repeat(5_000)}","answer":"${'a'.repeat(5_000)}"}`,
    '{"email":"a@b.co","answer":"\\u0000\\ud800","session_duration_minutes":1e308}',
    '{"email":"a@b.co","answer":"   "}',
  ],
  config: () => ({ rateLimits: { securityAnswerAttemptsPerIp: { limit: 10_000, windowSeconds: 60 } } }) as never,
};
