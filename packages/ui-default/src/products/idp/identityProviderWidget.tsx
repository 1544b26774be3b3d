import { defineWidget } from '../../widgets/defineWidget';
import { IdentityProvider } from './IdentityProvider';
import { identityProviderStylesText } from './identityProviderStylesText';
import type { IdentityProviderOptions } from './mountPoints';

/** The `flow` attribute's value: `'authorize'` or `'logout'`, anything else the default (read from the query). */
function parseFlow(value: string | null): 'authorize' | 'logout' | undefined {
  return value === 'authorize' || value === 'logout' ? value : undefined;
}

/** The identity-provider widget: `<IdentityProvider>`, `mountIdentityProvider` and `<latchkey-identity-provider>`. */
export const identityProviderWidget = defineWidget({
  component: IdentityProvider,
  componentName: 'IdentityProvider',
  elementKey: 'identityProvider',
  tagName: 'latchkey-identity-provider',
  mountName: 'mountIdentityProvider',
  renderName: 'renderIdentityProvider',
  properties: ['callbacks', 'strings', 'getManifest', 'flow'],
  attributes: { flow: { property: 'flow', parse: parseFlow } },
  extraStyles: identityProviderStylesText,
  render: (options: IdentityProviderOptions) => (
    // The widget reads the query once: another query (`search`) mounts a fresh one; new styles or callbacks do not.
    <IdentityProvider
      key={options.search ?? ''}
      styles={options.styles}
      theme={options.theme}
      dir={options.dir}
      callbacks={options.callbacks}
      strings={options.strings}
      getManifest={options.getManifest}
      search={options.search}
      navigate={options.navigate}
      flow={options.flow}
    />
  ),
});
