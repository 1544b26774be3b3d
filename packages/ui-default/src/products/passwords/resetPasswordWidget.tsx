import type { WidgetOptions } from '../../mount';
import { configKey, defineWidget, signInWidgetProps } from '../../widgets/defineWidget';
import { ResetPassword } from './ResetPassword';

/** The reset-password widget: `<ResetPassword>`, `mountResetPassword` and `<latchkey-reset-password>`. */
export const resetPasswordWidget = defineWidget({
  component: ResetPassword,
  componentName: 'ResetPassword',
  elementKey: 'resetPassword',
  tagName: 'latchkey-reset-password',
  mountName: 'mountResetPassword',
  renderName: 'renderResetPassword',
  properties: ['callbacks', 'strings', 'passwordResetToken'],
  attributes: { 'password-reset-token': { property: 'passwordResetToken', parse: (value) => value ?? undefined } },
  render: (options: WidgetOptions & { passwordResetToken?: string }, config, toastContainer) => (
    <ResetPassword
      key={configKey(config, options.styles, options.passwordResetToken)}
      {...signInWidgetProps(options, config, toastContainer)}
      passwordResetToken={options.passwordResetToken}
    />
  ),
});
