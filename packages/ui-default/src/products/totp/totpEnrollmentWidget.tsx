import { defineWidget } from '../../widgets/defineWidget';
import type { TotpEnrollmentOptions } from './mountPoints';
import { TotpEnrollment } from './TotpEnrollment';

/** The authenticator-app enrolment: `<TotpEnrollment>`, `mountTotpEnrollment` and `<latchkey-totp-enrollment>`. */
export const totpEnrollmentWidget = defineWidget({
  component: TotpEnrollment,
  componentName: 'TotpEnrollment',
  elementKey: 'totpEnrollment',
  tagName: 'latchkey-totp-enrollment',
  mountName: 'mountTotpEnrollment',
  renderName: 'renderTotpEnrollment',
  properties: ['callbacks', 'onDone'],
  // The enrolment reads no configuration: new options re-render it in place, wherever the user is.
  render: (options: TotpEnrollmentOptions) => (
    <TotpEnrollment
      {...options.callbacks}
      styles={options.styles}
      theme={options.theme}
      dir={options.dir}
      expirationMinutes={options.expirationMinutes}
      sessionDurationMinutes={options.sessionDurationMinutes}
      onDone={options.onDone}
    />
  ),
});
