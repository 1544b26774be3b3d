import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createPart } from './createPart';

const Button = createPart('test', 'button', 'button');

describe('asChild (Slot)', () => {
  it("renders the child element with the part's attributes; the child's own props win", () => {
    render(
      <Button asChild type="submit" title="part" data-state="part">
        <a href="/next" title="child">
          Next
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Next' });
    expect(link.getAttribute('data-scope')).toBe('test');
    expect(link.getAttribute('data-part')).toBe('button');
    expect(link.getAttribute('title')).toBe('child');
    expect(link.getAttribute('data-state')).toBe('part');
  });

  it('joins class names, merges styles (the child wins a clash) and runs both handlers, the child first', async () => {
    const calls: string[] = [];
    render(
      <Button asChild className="part" style={{ color: 'red', margin: '1px' }} onClick={() => calls.push('part')}>
        <button type="button" className="child" style={{ color: 'blue' }} onClick={() => calls.push('child')}>
          Go
        </button>
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className).toBe('part child');
    expect(button.style.color).toBe('blue');
    expect(button.style.margin).toBe('1px');
    await userEvent.click(button);
    expect(calls).toEqual(['child', 'part']);
  });

  it("sets both the part's ref and the child's own ref to the element", () => {
    const partRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLButtonElement>();
    render(
      <Button asChild ref={partRef}>
        <button type="button" ref={childRef}>
          Go
        </button>
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(partRef.current).toBe(button);
    expect(childRef.current).toBe(button);
  });

  it('refuses more than one child with React’s own error, and renders nothing for no element', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <Button asChild>
          <span>a</span>
          <span>b</span>
        </Button>,
      ),
    ).toThrow(/single React element child/);
    consoleError.mockRestore();
    const { container } = render(<Button asChild>text</Button>);
    expect(container.innerHTML).toBe('');
  });
});
