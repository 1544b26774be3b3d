// The robustness battery's cases for passwords (collected by test/robustnessCases.ts).
import type { RobustnessCases } from '../../../test/robustnessCases';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/passwords'],
    ['POST', '/passwords/authenticate'],
    ['POST', '/passwords/strength_check'],
    ['POST', '/passwords/email/reset/start'],
    ['POST', '/passwords/email/reset'],
    ['POST', '/passwords/existing_password/reset'],
    ['POST', '/passwords/session/reset'],
  ],
};
