import type { UseIDPLogoutScreenReturn } from '../useIDPLogoutScreen';

/** A logout confirmation state for the examples (the 'Latchkey Playground' project), with `overrides`. */
export function exampleLogout(overrides: Partial<UseIDPLogoutScreenReturn> = {}): UseIDPLogoutScreenReturn {
  return {
    status: 'confirm',
    view: 'confirm',
    errorMessage: '',
    projectName: 'Latchkey Playground',
    isLoggingOut: false,
    confirm: () => {},
    decline: () => {},
    clientUrl: 'https://notes.acme.example/',
    clientDomain: 'notes.acme.example',
    canGoBack: false,
    goBack: () => {},
    ...overrides,
  };
}
