// The robustness battery's cases for email magic links (collected by test/robustnessCases.ts).
import type { RobustnessCases } from '../../../test/robustnessCases';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/magic_links/email/login_or_create'],
    ['POST', '/magic_links/email/send/primary'],
    ['POST', '/magic_links/email/send/secondary'],
    ['POST', '/magic_links/authenticate'],
  ],
};
