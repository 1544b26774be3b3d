import { expectNoAxeViolations } from '@latchkey/testing';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageMain } from '../test/renderSignIn';
import { MAX_TOASTS, TOAST_DURATIONS, type Toaster, useToast } from './toast';
import { ToastProvider } from './toastProvider';

let toaster: Toaster;
function Capture() {
  toaster = useToast();
  return null;
}

const items = () => [...document.querySelectorAll('[data-scope="toast"][data-part="item"]')];

describe('the default toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Capture />
      </ToastProvider>,
      { container: pageMain() },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has no axe violations', async () => {
    act(() => void toaster.show({ type: 'success', message: 'Email resent' }));
    vi.useRealTimers();
    await expectNoAxeViolations();
  });

  it('shows messages in a polite status region, tagged with their type', () => {
    act(() => void toaster.show({ type: 'success', message: 'Email resent' }));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Email resent');
    expect(items()[0]?.getAttribute('data-type')).toBe('success');
  });

  it('hides each kind after its spec duration; loading stays until dismissed', () => {
    expect(TOAST_DURATIONS).toEqual({ default: 4000, success: 2000, error: 4000, loading: Number.POSITIVE_INFINITY });
    let loading = '';
    act(() => {
      toaster.show({ type: 'default', message: 'a' });
      toaster.show({ type: 'success', message: 'b' });
      toaster.show({ type: 'error', message: 'c' });
      loading = toaster.show({ type: 'loading', message: 'd' });
    });
    act(() => void vi.advanceTimersByTime(1999));
    expect(items().map((item) => item.textContent)).toEqual(['a', 'b', 'c', 'd']);
    act(() => void vi.advanceTimersByTime(1));
    expect(items().map((item) => item.textContent)).toEqual(['a', 'c', 'd']);
    act(() => void vi.advanceTimersByTime(2000));
    expect(items().map((item) => item.textContent)).toEqual(['d']);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(items().map((item) => item.textContent)).toEqual(['d']);
    act(() => toaster.dismiss(loading));
    expect(items()).toHaveLength(0);
  });

  it('replaces a toast shown again with the same id (loading → success)', () => {
    act(() => void toaster.show({ type: 'loading', message: 'Sending…', id: 'send' }));
    act(() => void toaster.show({ type: 'success', message: 'Sent', id: 'send' }));
    expect(items().map((item) => [item.textContent, item.getAttribute('data-type')])).toEqual([['Sent', 'success']]);
    act(() => void vi.advanceTimersByTime(2000));
    expect(items()).toHaveLength(0);
  });

  it(`shows at most ${MAX_TOASTS}, dropping the oldest`, () => {
    act(() => {
      for (let index = 1; index <= MAX_TOASTS + 2; index += 1) toaster.show({ type: 'loading', message: `t${index}` });
    });
    expect(items()).toHaveLength(20);
    expect(items()[0]?.textContent).toBe('t3');
  });
});

describe('ToastProvider', () => {
  it('hands out the toaster it is given and renders no region of its own', () => {
    const own: Toaster = { show: vi.fn(() => 'x'), dismiss: vi.fn() };
    render(
      <ToastProvider toaster={own}>
        <Capture />
      </ToastProvider>,
      { container: pageMain() },
    );
    expect(toaster).toBe(own);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('useToast throws outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Capture />)).toThrow('useToast must be used within <ToastProvider>');
  });
});
