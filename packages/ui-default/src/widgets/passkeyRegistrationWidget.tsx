import type { WidgetOptions } from '../mount';
import { PasskeyRegistration } from '../PasskeyRegistration';
import { configKey, defineWidget } from './defineWidget';

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
      config={config}
      styles={options.styles}
      theme={options.theme}
      dir={options.dir}
      callbacks={options.callbacks}
      strings={options.strings}
      toastContainer={toastContainer}
    />
  ),
});
