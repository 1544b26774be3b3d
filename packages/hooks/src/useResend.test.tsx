import { ASYNC_TIMEOUT, startTestEnvironment } from '@latchkey/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from './LatchkeyProvider';
import { useOtpFlow } from './products/otp/useOtpFlow';
import { useResend } from './useResend';

// The limit's window is fixed (it starts on a multiple of its length): with a minute, a second send that comes a
// moment after the first can fall in the next window and pass. With a day, the two never straddle a boundary.
const ONE_DAY = 86_400;

const LABELS = { initial: 'Resend code', sending: 'Sending…', sent: 'Code sent', waiting: 'Resend code' };

function Resend(props: { resendFn: () => Promise<unknown> }) {
  const resend = useResend(props.resendFn);
  return (
    <div data-status={resend.status} data-testid="resend">
      <button type="button" onClick={() => resend.resend()}>
        {LABELS[resend.status]}
      </button>
      <p role="alert">{resend.error?.message}</p>
    </div>
  );
}

function OtpResend() {
  const otp = useOtpFlow();
  const resend = useResend(otp.resend);
  if (otp.destination === null) {
    return (
      <button type="button" onClick={() => otp.send({ method: 'email', destination: 'ada@example.com' })}>
        Send
      </button>
    );
  }
  return (
    <div data-status={resend.status} data-testid="resend">
      <button type="button" onClick={() => resend.resend()}>
        {LABELS[resend.status]}
      </button>
      <p role="alert">{(resend.error ?? otp.error)?.message}</p>
    </div>
  );
}

const status = () => screen.getByTestId('resend').getAttribute('data-status');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

describe('useResend', () => {
  it("goes initial → sending → 'Code sent' for 2 seconds → waiting", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const pending = deferred();
    const resendFn = vi.fn(() => pending.promise);
    render(<Resend resendFn={resendFn} />);
    expect(status()).toBe('initial');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(status()).toBe('sending');
    await act(async () => pending.resolve());
    expect(status()).toBe('sent');
    expect(screen.getByRole('button').textContent).toBe('Code sent');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(status()).toBe('sent');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(status()).toBe('waiting');
    expect(screen.getByRole('button').textContent).toBe('Resend code');
    expect(resendFn).toHaveBeenCalledTimes(1);
  });

  it('sends one code for clicks while sending or while it says Code sent, and again once waiting', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const pending = deferred();
    const resendFn = vi.fn(() => pending.promise);
    render(<Resend resendFn={resendFn} />);
    await user.click(screen.getByRole('button'));
    await user.click(screen.getByRole('button'));
    await act(async () => pending.resolve());
    await user.click(screen.getByRole('button'));
    expect(resendFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(resendFn).toHaveBeenCalledTimes(2);
  });

  it('resends a real code through the provider', async () => {
    const env = await startTestEnvironment();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Resend resendFn={() => env.client.otps.email.loginOrCreate('ada@example.com')} />);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(status()).toBe('sent'));
    const sends = env.requests.filter((request) => request.path === '/otps/email/login_or_create');
    expect(sends.map((request) => [request.body, request.status])).toEqual([[{ email: 'ada@example.com' }, 200]]);
    expect(await env.inbox('ada@example.com')).toHaveLength(1);
  });

  it("returns to initial with the provider's refusal, cleared by the next try", async () => {
    const env = await startTestEnvironment({
      config: { rateLimits: { sendsPerIdentifier: { limit: 1, windowSeconds: ONE_DAY } } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let email = 'ada@example.com';
    await env.client.otps.email.loginOrCreate(email);
    render(<Resend resendFn={() => env.client.otps.email.loginOrCreate(email)} />);
    await user.click(screen.getByRole('button'));
    // The refusal is a real provider call: wait as long as a loaded machine may need (the default second did not).
    await waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).toBe(
          'Too many requests have been made. Please wait and try again.',
        ),
      { timeout: ASYNC_TIMEOUT },
    );
    expect(status()).toBe('initial');
    email = 'grace@example.com';
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(status()).toBe('sent'));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('works with useOtpFlow().resend, which resolves false when the provider refuses', async () => {
    const env = await startTestEnvironment({
      config: { rateLimits: { sendsPerIdentifier: { limit: 1, windowSeconds: ONE_DAY } } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <LatchkeyProvider client={env.client}>
        <OtpResend />
      </LatchkeyProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Resend code' });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    // The refusal is a real provider call: wait as long as a loaded machine may need (the default second did not).
    await waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).toBe(
          'Too many requests have been made. Please wait and try again.',
        ),
      { timeout: ASYNC_TIMEOUT },
    );
    expect(status()).toBe('initial');
    const sends = env.requests.filter((request) => request.path === '/otps/email/login_or_create');
    expect(sends.map((request) => request.status)).toEqual([200, 429]);
  });

  it('reports a non-API failure with its message', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Resend resendFn={() => Promise.reject(new Error('boom'))} />);
    await user.click(screen.getByRole('button'));
    // The rejection reaches the hook a few microtasks after the click: wait for the alert to show it.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('boom'), { timeout: ASYNC_TIMEOUT });
  });
});
