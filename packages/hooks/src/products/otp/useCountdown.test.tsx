import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, useCountdown } from './useCountdown';

const FIVE_MINUTES = 5 * 60 * 1000;

function Countdown(props: { expiresAt: number | null }) {
  const countdown = useCountdown(props.expiresAt);
  return <p>{countdown.isExpired ? 'Your code has expired.' : `Your code expires in ${countdown.formatted}.`}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.setSystemTime(new Date('2025-01-01T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down every second from the expiry and says when the code has expired', async () => {
    render(<Countdown expiresAt={Date.now() + FIVE_MINUTES} />);
    expect(screen.getByText('Your code expires in 5:00.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Your code expires in 4:59.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1000 - 5000));
    expect(screen.getByText('Your code expires in 0:05.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.getByText('Your code expires in 0:01.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Your code has expired.')).toBeTruthy();
  });

  it('stops ticking once expired', async () => {
    const expiresAt = Date.now() + 2000;
    const { result } = renderHook(() => useCountdown(expiresAt));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current).toEqual({ remainingMs: 0, isExpired: true, formatted: '0:00' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('changes the display on whole seconds even when the expiry is not on a tick', async () => {
    const expiresAt = Date.now() + 61_500;
    const { result } = renderHook(() => useCountdown(expiresAt));
    expect(result.current.formatted).toBe('1:02');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current).toMatchObject({ remainingMs: 61_000, formatted: '1:01' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current).toMatchObject({ remainingMs: 60_000, formatted: '1:00' });
  });

  it('restarts at once when the expiry moves (a resent code)', async () => {
    const { rerender } = render(<Countdown expiresAt={Date.now() + 3000} />);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('Your code has expired.')).toBeTruthy();
    rerender(<Countdown expiresAt={Date.now() + FIVE_MINUTES} />);
    expect(screen.getByText('Your code expires in 5:00.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Your code expires in 4:59.')).toBeTruthy();
  });

  it('is neither running nor expired without an expiry', () => {
    const { result } = renderHook(() => useCountdown(null));
    expect(result.current).toEqual({ remainingMs: 0, isExpired: false, formatted: '0:00' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses the clock it is given', () => {
    const { result } = renderHook(() => useCountdown(10_000, { now: () => 4_000 }));
    expect(result.current).toMatchObject({ remainingMs: 6_000, formatted: '0:06' });
  });

  it('formats minutes and zero-padded seconds, rounding up', () => {
    expect(formatCountdown(299_001)).toBe('5:00');
    expect(formatCountdown(299_000)).toBe('4:59');
    expect(formatCountdown(5_000)).toBe('0:05');
    expect(formatCountdown(-1)).toBe('0:00');
    expect(formatCountdown(11 * 60_000)).toBe('11:00');
  });
});
