import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesProvider } from '../../messages/index';
import { PasswordFeedback } from './PasswordFeedback';
import { PasswordStrength } from './PasswordStrength';

const LUDS = {
  has_digit: false,
  has_lower_case: true,
  has_symbol: false,
  has_upper_case: false,
  missing_characters: 0,
  missing_complexity: 0,
};

const result = (overrides: { warning?: string; suggestions?: string[]; breached?: boolean; luds?: boolean } = {}) => ({
  breached_password: overrides.breached ?? false,
  strength_policy: overrides.luds ? ('luds' as const) : ('zxcvbn' as const),
  feedback: {
    warning: overrides.warning ?? '',
    suggestions: overrides.suggestions ?? [],
    luds_requirements: LUDS,
  },
});

const BREACHED =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

describe('PasswordFeedback', () => {
  it('has no axe violations', async () => {
    render(
      <main>
        <PasswordFeedback
          result={result({ warning: 'This is a heavily used password.', suggestions: ['Use at least 8 characters.'] })}
        />
      </main>,
    );
    await expectNoAxeViolations();
  });

  it("translates zxcvbn's warning and suggestions through the catalogue", () => {
    render(
      <PasswordFeedback
        result={result({
          warning: 'This is a heavily used password.',
          suggestions: ['Use multiple words, but avoid common phrases.', 'Use at least 8 characters.'],
        })}
      />,
    );
    expect(screen.getByText('This is a top-10 common password.').getAttribute('data-part')).toBe('warning');
    const suggestions = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(suggestions).toEqual(['Use a few words, avoid common phrases.', 'Use at least 8 characters.']);
  });

  it('honours strings overrides for known feedback', () => {
    render(
      <MessagesProvider strings={{ 'password.zxcvbn.warnings.topTen': 'Eines der zehn häufigsten Passwörter.' }}>
        <PasswordFeedback result={result({ warning: 'This is a heavily used password.' })} />
      </MessagesProvider>,
    );
    expect(screen.getByText('Eines der zehn häufigsten Passwörter.')).toBeTruthy();
  });

  it('shows unknown feedback as received, as text (never HTML)', () => {
    render(<PasswordFeedback result={result({ warning: '<b>Nope</b> try again' })} />);
    const warning = screen.getByText('<b>Nope</b> try again');
    expect(warning.querySelector('b')).toBeNull();
  });

  it('shows only the breached notice for a breached password', () => {
    render(
      <PasswordFeedback result={result({ breached: true, warning: BREACHED, suggestions: ['Add more words'] })} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(BREACHED);
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(document.querySelector('[data-part="warning"]')).toBeNull();
  });

  it('shows no zxcvbn advice under the LUDS policy', () => {
    render(<PasswordFeedback result={result({ luds: true, warning: 'Single words are easy to guess.' })} />);
    expect(screen.queryByText('A word by itself is easy to guess.')).toBeNull();
  });

  it("shows no advice under the 'none' policy, but still the breached notice", () => {
    const none = { ...result({ warning: 'Single words are easy to guess.' }), strength_policy: 'none' as const };
    const { rerender } = render(<PasswordFeedback result={none} />);
    expect(screen.queryByText('A word by itself is easy to guess.')).toBeNull();
    rerender(<PasswordFeedback result={{ ...none, breached_password: true }} />);
    expect(screen.getByText(BREACHED)).toBeTruthy();
  });

  it("draws no strength meter and no LUDS rows under the 'none' policy", () => {
    const none = { ...result(), strength_policy: 'none' as const, score: 1, valid_password: true };
    const { container } = render(
      <PasswordStrength strength={{ status: 'done', result: none as never }} passwordConfig={null} />,
    );
    const root = container.querySelector('[data-scope="password-strength"]');
    expect(root?.getAttribute('data-policy')).toBe('none');
    expect(container.querySelector('[data-scope="strength-meter"]')).toBeNull();
    expect(container.querySelector('[data-scope="luds-requirements"]')).toBeNull();
  });
});
