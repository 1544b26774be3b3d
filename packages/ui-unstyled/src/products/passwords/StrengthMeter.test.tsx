import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StrengthMeter } from './StrengthMeter';

const segments = (meter: HTMLElement) => [...meter.querySelectorAll('[data-part="segment"]')];
const filled = (meter: HTMLElement) => segments(meter).filter((segment) => segment.hasAttribute('data-filled')).length;

describe('StrengthMeter', () => {
  it('has no axe violations', async () => {
    render(
      <main>
        <StrengthMeter score={2} />
      </main>,
    );
    await expectNoAxeViolations();
  });

  it.each([
    [0, 1, 'weak', 'Weak'],
    [1, 1, 'weak', 'Weak'],
    [2, 2, 'weak', 'Fair'],
    [3, 3, 'strong', 'Good'],
    [4, 4, 'strong', 'Strong'],
  ])('score %i fills %i of 4 segments in the %s tone', (score, count, tone, text) => {
    render(<StrengthMeter score={score} />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(segments(meter)).toHaveLength(4);
    expect(filled(meter)).toBe(count);
    expect(meter.getAttribute('data-tone')).toBe(tone);
    expect(meter.getAttribute('data-score')).toBe(String(score));
    expect(meter.getAttribute('aria-valuenow')).toBe(String(score));
    expect(meter.getAttribute('aria-valuemax')).toBe('4');
    expect(meter.getAttribute('aria-valuetext')).toBe(text);
  });

  it('renders nothing before a score is known', () => {
    const { container } = render(<StrengthMeter score={null} />);
    expect(container.innerHTML).toBe('');
  });

  it('is a part: forwards its ref, spreads props and handlers, tags data-scope/data-part', () => {
    const ref = createRef<HTMLDivElement>();
    const onClick = vi.fn();
    render(<StrengthMeter ref={ref} score={3} className="mine" data-testid="meter" onClick={onClick} />);
    const meter = screen.getByTestId('meter');
    expect(ref.current).toBe(meter);
    expect(meter.className).toBe('mine');
    expect(meter.getAttribute('data-scope')).toBe('strength-meter');
    expect(meter.getAttribute('data-part')).toBe('root');
    meter.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
