import type { WidgetOptions } from '../mount';
import { SignIn } from '../SignIn';
import { configKey, defineWidget, signInWidgetProps } from './defineWidget';

/** The login widget: `<SignIn>`, `mountLogin` / `renderLogin` and `<latchkey-login>`. */
export const signInWidget = defineWidget({
  component: SignIn,
  componentName: 'SignIn',
  elementKey: 'login',
  tagName: 'latchkey-login',
  mountName: 'mountLogin',
  renderName: 'renderLogin',
  properties: ['callbacks', 'strings'],
  render: (options: WidgetOptions, config, toastContainer) => (
    <SignIn key={configKey(config, options.styles)} {...signInWidgetProps(options, config, toastContainer)} />
  ),
});
