import type { WidgetOptions } from '../../mount';
import { configKey, defineWidget, signInWidgetProps } from '../../widgets/defineWidget';
import { PasskeyRegistration } from './PasskeyRegistration';

/**
 * The passkey-registration widget: `<PasskeyRegistration>`, `mountPasskeyRegistration` and
 * `<latchkey-passkey-registration>`.
 */
export const passkeyRegistrationWidget = defineWidget({
  component: PasskeyRegistration,
  componentName: 'PasskeyRegistration',
  elementKey: 'passkeyRegistration',
  tagName: 'latchkey-passkey-registration',
  mountName: 'mountPasskeyRegistration',
  renderName: 'renderPasskeyRegistration',
  properties: ['callbacks', 'strings'],
  render: (options: WidgetOptions, config, toastContainer) => (
    <PasskeyRegistration
      key={configKey(config, options.styles)}
      {...signInWidgetProps(options, config, toastContainer)}
    />
  ),
});
