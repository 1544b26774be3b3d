import { expectNoAxeViolations } from '@latchkey/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { afterPasswordResetSent, expectExamplesHaveNoAxeViolations, renderScreen } from '../../../../test/renderScreen';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import { PasswordDedupeScreen } from './PasswordDedupeScreen';

// The full path (a login answered `reset_password`, a reset email, this screen) is tested in
// PasswordCreateOrLoginScreen.test.tsx against the real provider.
const renderDedupe = () =>
  renderScreen(<PasswordDedupeScreen />, {
    config: { products: ['passwords'] },
    prepare: afterPasswordResetSent('dedupe'),
  });

describe('PasswordDedupeScreen', () => {
  it('has no axe violations', async () => {
    await renderDedupe();
    await expectNoAxeViolations();
  });

  it('has no axe violations in its examples', async () => {
    await expectExamplesHaveNoAxeViolations([BasicExample, ErrorExample, LoadingExample, CustomLayoutExample]);
  });

  it('says a reset is needed to make sure it is really the user, and where the link went', async () => {
    await renderDedupe();
    expect(screen.getByRole('heading', { name: 'Check your email to set a new password!' })).toBeTruthy();
    expect(
      screen.getByText(
        'We want to make sure it is really you logging in. A link to reset your password was sent to you at ada@example.com.',
      ),
    ).toBeTruthy();
  });

  it('goes back to Main', async () => {
    const { store } = await renderDedupe();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().screen).toBe('Main');
  });
});
