import type { UseEmailFormReturn } from '../EmailForm';
import type { UseMainScreenReturn } from '../useMainScreen';

/** A fixed Main screen state for the examples: magic links only. */
export const exampleMain: UseMainScreenReturn = {
  isHeaderHidden: false,
  logoImageUrl: null,
  logoAlt: 'Logo',
  methods: ['email'],
  selectedMethod: 'email',
  selectMethod: () => {},
  hasTabs: false,
  hasDivider: false,
  emailFormKind: 'magicLink',
};

/** A fixed email form state for the examples. */
export function exampleEmailForm(overrides: Partial<UseEmailFormReturn> = {}): UseEmailFormReturn {
  return {
    kind: 'magicLink',
    value: '',
    setValue: () => {},
    error: null,
    isPending: false,
    inputId: 'example-email',
    errorId: 'example-email-error',
    submit: async () => {},
    ...overrides,
  };
}
