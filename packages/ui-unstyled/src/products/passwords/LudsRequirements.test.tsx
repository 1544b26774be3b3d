import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LudsRequirements } from './LudsRequirements';

const requirements = (missing_characters: number, missing_complexity: number) => ({
  has_digit: false,
  has_lower_case: true,
  has_symbol: false,
  has_upper_case: false,
  missing_characters,
  missing_complexity,
});

const row = (rule: string) => document.querySelector(`[data-part="row"][data-rule="${rule}"]`) as HTMLElement;

describe('LudsRequirements', () => {
  it('has no axe violations', async () => {
    render(
      <main>
        <LudsRequirements requirements={requirements(2, 0)} minimumCount={10} complexity={3} />
      </main>,
    );
    await expectNoAxeViolations();
  });

  it("words the two rows with the project's counts", () => {
    render(<LudsRequirements requirements={null} minimumCount={10} complexity={3} />);
    const rows = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(rows).toEqual([
      'Must be at least 10 character(s) long',
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    ]);
  });

  it('marks a row met only when the check reports nothing missing for it', () => {
    const { rerender } = render(<LudsRequirements requirements={null} minimumCount={8} complexity={3} />);
    expect(row('minimum-count').hasAttribute('data-met')).toBe(false);
    expect(row('complexity').hasAttribute('data-met')).toBe(false);

    rerender(<LudsRequirements requirements={requirements(0, 2)} minimumCount={8} complexity={3} />);
    expect(row('minimum-count').hasAttribute('data-met')).toBe(true);
    expect(row('complexity').hasAttribute('data-met')).toBe(false);
    expect(screen.getByRole('img', { name: 'Requirement met' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Requirement not met' })).toBeTruthy();

    rerender(<LudsRequirements requirements={requirements(0, 0)} minimumCount={8} complexity={3} />);
    expect(row('complexity').hasAttribute('data-met')).toBe(true);
  });
});
