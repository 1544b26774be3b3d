// The robustness battery's cases for one-time passcodes (collected by test/robustnessCases.ts).
import type { RobustnessCases } from '../../../test/robustnessCases';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/otps/email/login_or_create'],
    ['POST', '/otps/sms/login_or_create'],
    ['POST', '/otps/whatsapp/login_or_create'],
    ['POST', '/otps/email/send/primary'],
    ['POST', '/otps/email/send/secondary'],
    ['POST', '/otps/sms/send/primary'],
    ['POST', '/otps/sms/send/secondary'],
    ['POST', '/otps/whatsapp/send/primary'],
    ['POST', '/otps/whatsapp/send/secondary'],
    ['POST', '/otps/authenticate'],
  ],
};
