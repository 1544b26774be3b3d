import { expectNoAxeViolations } from '@latchkey/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectExamplesHaveNoAxeViolations, renderScreen } from '../../../../test/renderScreen';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import { PasswordConfirmationScreen } from './PasswordConfirmationScreen';

// The full paths (sign-up, login, reset → this screen) are tested with the real provider in
// PasswordCreateOrLoginScreen.test.tsx and PasswordResetFormScreen.test.tsx.
async function renderConfirmation() {
  const { onEvent } = await renderScreen(<PasswordConfirmationScreen />, {
    config: { products: ['passwords'] },
    prepare: (store) => store.getState().dispatch({ type: 'passwordAuthenticated' }),
    strict: true,
  });
  return onEvent;
}

describe('PasswordConfirmationScreen', () => {
  it('has no axe violations', async () => {
    await renderConfirmation();
    await expectNoAxeViolations();
  });

  it('has no axe violations in its examples', async () => {
    await expectExamplesHaveNoAxeViolations([BasicExample, ErrorExample, LoadingExample, CustomLayoutExample]);
  });

  it("shows 'Success!' / 'You have successfully logged in.' and emits AUTHENTICATE_FLOW_COMPLETE once", async () => {
    const onEvent = await renderConfirmation();
    expect(screen.getByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(onEvent.mock.calls).toEqual([[{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }]]);
  });
});
