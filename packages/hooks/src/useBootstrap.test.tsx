import { DEFAULT_BOOTSTRAP } from '@latchkey/sdk';
import { startTestEnvironment } from '@latchkey/testing';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wrapperFor } from '../test/wrappers';
import { useBootstrap } from './latchkeyContext';

describe('useBootstrap', () => {
  it("returns the provider's project settings in camelCase", async () => {
    const env = await startTestEnvironment({
      config: { project: { name: 'Acme Sign-in', emailDomains: ['acme.test'], disableWatermark: true } },
    });
    const { result } = renderHook(() => useBootstrap(), { wrapper: wrapperFor(env) });
    expect(result.current.projectName).toBe('Acme Sign-in');
    expect(result.current.emailDomains).toEqual(['acme.test']);
    expect(result.current.displayWatermark).toBe(false);
    expect(result.current).not.toBe(DEFAULT_BOOTSTRAP);
  });

  it('is the same object on every render', async () => {
    const env = await startTestEnvironment();
    const { result, rerender } = renderHook(() => useBootstrap(), { wrapper: wrapperFor(env) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
