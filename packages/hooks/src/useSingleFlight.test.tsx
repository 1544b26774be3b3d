import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlightVerbs } from './useSingleFlight';

/** A verb whose calls stay pending until the test settles them; `calls` counts the requests it started. */
function deferredVerb() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const verb = (label: string) =>
    new Promise<string>((resolve, reject) => {
      pending.push({ resolve: (value) => resolve(`${label}:${value}`), reject });
    });
  return { verb, pending };
}

describe('useSingleFlightVerbs', () => {
  it('a second call while the first is in flight starts no request and gets the first call’s outcome', async () => {
    const send = deferredVerb();
    const { result } = renderHook(() => useSingleFlightVerbs({ send: send.verb }));
    const first = result.current.send('first');
    const second = result.current.send('second');
    expect(send.pending).toHaveLength(1);
    send.pending[0]!.resolve('sent');
    await expect(first).resolves.toBe('first:sent');
    await expect(second).resolves.toBe('first:sent');
  });

  it('once a call settled, the next one is a new request', async () => {
    const send = deferredVerb();
    const { result } = renderHook(() => useSingleFlightVerbs({ send: send.verb }));
    const first = result.current.send('a');
    send.pending[0]!.resolve('1');
    await first;
    const next = result.current.send('b');
    expect(send.pending).toHaveLength(2);
    send.pending[1]!.resolve('2');
    await expect(next).resolves.toBe('b:2');
  });

  it('a refused call frees the verb, so the user can try again', async () => {
    const send = deferredVerb();
    const { result } = renderHook(() => useSingleFlightVerbs({ send: send.verb }));
    const first = result.current.send('a');
    const twin = result.current.send('a');
    send.pending[0]!.reject(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    await expect(twin).rejects.toThrow('refused');
    const retry = result.current.send('a');
    expect(send.pending).toHaveLength(2);
    send.pending[1]!.resolve('ok');
    await expect(retry).resolves.toBe('a:ok');
  });

  it('a verb that throws before returning a promise rejects, and does not block the next call', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useSingleFlightVerbs({
        send: (): Promise<string> => {
          calls++;
          if (calls === 1) throw new Error('bad input');
          return Promise.resolve('sent');
        },
      }),
    );
    await expect(result.current.send()).rejects.toThrow('bad input');
    await expect(result.current.send()).resolves.toBe('sent');
    expect(calls).toBe(2);
  });

  it('each verb is guarded on its own', async () => {
    const send = deferredVerb();
    const resend = deferredVerb();
    const { result } = renderHook(() => useSingleFlightVerbs({ send: send.verb, resend: resend.verb }));
    const sending = result.current.send('x');
    const resending = result.current.resend('y');
    expect(send.pending).toHaveLength(1);
    expect(resend.pending).toHaveLength(1);
    send.pending[0]!.resolve('1');
    resend.pending[0]!.resolve('2');
    await expect(sending).resolves.toBe('x:1');
    await expect(resending).resolves.toBe('y:2');
  });

  it('verbs listed together in `shared` are one flight: another of them gets the running call and starts nothing', async () => {
    const withCode = deferredVerb();
    const withPasskey = deferredVerb();
    const other = deferredVerb();
    const { result } = renderHook(() =>
      useSingleFlightVerbs({ withCode: withCode.verb, withPasskey: withPasskey.verb, other: other.verb }, [
        ['withCode', 'withPasskey'],
      ]),
    );
    const passkey = result.current.withPasskey('passkey');
    // A recovery code typed while the passkey prompt is open: not sent, not spent.
    const code = result.current.withCode('code');
    const unrelated = result.current.other('other');
    expect(withCode.pending).toHaveLength(0);
    expect(withPasskey.pending).toHaveLength(1);
    expect(other.pending).toHaveLength(1);
    withPasskey.pending[0]!.resolve('proved');
    other.pending[0]!.resolve('done');
    await expect(passkey).resolves.toBe('passkey:proved');
    await expect(code).resolves.toBe('passkey:proved');
    await expect(unrelated).resolves.toBe('other:done');
    // Settled: the group is free again.
    const next = result.current.withCode('again');
    expect(withCode.pending).toHaveLength(1);
    withCode.pending[0]!.resolve('ok');
    await expect(next).resolves.toBe('again:ok');
  });

  it('keeps the verbs’ identity across renders and runs the latest ones given', async () => {
    const { result, rerender } = renderHook(
      ({ suffix }) => useSingleFlightVerbs({ send: async (value: string) => `${value}${suffix}` }),
      { initialProps: { suffix: '!' } },
    );
    const before = result.current.send;
    rerender({ suffix: '?' });
    expect(result.current.send).toBe(before);
    await expect(result.current.send('now')).resolves.toBe('now?');
  });
});
