// Its own file: the error catalogue's chunk has not been loaded in this module graph yet (vitest isolates files).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageMain } from '../../test/renderSignIn';
import { loadErrorMessages } from '../messages/index';
import { ErrorMessage } from './ErrorMessage';

describe('ErrorMessage before the error catalogue is in', () => {
  it("shows nothing until the catalogue's chunk is in, then its text: never the id or the server's wording", async () => {
    const container = pageMain();
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      for (const alert of container.querySelectorAll('[role="alert"]')) shown.push(alert.textContent ?? '');
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    render(<ErrorMessage error={{ type: 'email_not_found', message: 'server wording' }} />, { container });
    // The catalogue is a chunk of its own: the first render waits for it (this test exercises the pending path).
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Email not found.');
    observer.disconnect();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['Email not found.']));
  });

  it('shows a ready text at once, without waiting for the catalogue', () => {
    render(<ErrorMessage error="Something went wrong." />, { container: pageMain() });
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.');
  });

  it('loadErrorMessages resolves once the texts are in, for every error part rendered after it', async () => {
    await loadErrorMessages();
    render(<ErrorMessage error={{ type: 'unauthorized_action', message: 'server wording' }} />, {
      container: pageMain(),
    });
    expect(screen.getByRole('alert').textContent).toBe('Unauthorized action.');
  });
});
