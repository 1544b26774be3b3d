import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LatchkeyFlowError } from './errors';
import { useEmailField } from './useEmailField';

function EmailForm(props: { invalidMessage?: string; onError?: (error: LatchkeyFlowError) => void }) {
  const email = useEmailField(props);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        email.validate();
      }}
    >
      <label htmlFor="email">Email</label>
      <input id="email" {...email.inputProps} aria-describedby="email-error" />
      <p id="email-error" role="alert">
        {email.error?.message}
      </p>
      <button type="submit">Continue</button>
    </form>
  );
}

describe('useEmailField', () => {
  it('renders a required email input with email autocomplete', () => {
    render(<EmailForm />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveProperty('type', 'email');
    expect(input).toHaveProperty('required', true);
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it("shows 'Email format is invalid.' for an address without a top-level domain and reports it", async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<EmailForm onError={onError} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Email format is invalid.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onError).toHaveBeenCalledExactlyOnceWith({ type: 'invalid_email', message: 'Email format is invalid.' });
  });

  it('uses the OTP form message when given, also for an empty field', async () => {
    const user = userEvent.setup();
    render(<EmailForm invalidMessage="Invalid email address." />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid email address.');
  });

  it('clears the error as soon as the user edits the address', async () => {
    const user = userEvent.setup();
    render(<EmailForm />);
    const input = screen.getByLabelText('Email');
    await user.type(input, 'ada@example.c');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Email format is invalid.');
    await user.type(input, 'o');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('accepts an address with a dotted domain and a TLD of two letters or more', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(<EmailForm onError={onError} />);
    await user.type(screen.getByLabelText('Email'), 'ada.lovelace+test@mail.example.co');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(onError).not.toHaveBeenCalled();
  });

  it('validates the text set in the same event, and reports isValid live', () => {
    const { result } = renderHook(() => useEmailField());
    expect(result.current.isValid).toBe(false);
    let ok = false;
    act(() => {
      result.current.setValue('ada@example.com');
      ok = result.current.validate();
    });
    expect(ok).toBe(true);
    expect(result.current.isValid).toBe(true);
    act(() => {
      result.current.setValue('ada@example.c');
      ok = result.current.validate();
    });
    expect(ok).toBe(false);
    expect(result.current.error?.type).toBe('invalid_email');
  });
});
