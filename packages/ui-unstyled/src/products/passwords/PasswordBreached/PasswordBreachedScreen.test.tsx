import { expectNoAxeViolations } from '@latchkey/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { afterPasswordResetSent, expectExamplesHaveNoAxeViolations, renderScreen } from '../../../../test/renderScreen';
import BasicExample from './examples/basic';
import CustomLayoutExample from './examples/custom-layout';
import ErrorExample from './examples/error';
import LoadingExample from './examples/loading';
import { PasswordBreachedScreen } from './PasswordBreachedScreen';

const NOTICE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

/** The provider never answers a login with `breached_password` (it refuses breached passwords at creation), so the
 * screen is reached the way usePasswordFlow reaches it: the store's `passwordResetSent('breached')`. */
const renderBreached = () =>
  renderScreen(<PasswordBreachedScreen />, {
    config: { products: ['passwords'] },
    prepare: afterPasswordResetSent('breached'),
  });

describe('PasswordBreachedScreen', () => {
  it('has no axe violations', async () => {
    await renderBreached();
    await expectNoAxeViolations();
  });

  it('has no axe violations in its examples', async () => {
    await expectExamplesHaveNoAxeViolations([BasicExample, ErrorExample, LoadingExample, CustomLayoutExample]);
  });

  it('shows the breached notice and where the set-new-password link went', async () => {
    await renderBreached();
    expect(screen.getByRole('heading', { name: 'Check your email to set a new password' })).toBeTruthy();
    expect(screen.getByText(NOTICE)).toBeTruthy();
    expect(screen.getByText(/sent to you at ada@example\.com\./)).toBeTruthy();
  });

  it('goes back to Main, keeping the email', async () => {
    const { store } = await renderBreached();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().screen).toBe('Main');
    expect(store.getState().formState.passwordState.email).toBe('ada@example.com');
  });
});
