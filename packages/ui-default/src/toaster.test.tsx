import { expectNoAxeViolations } from '@latchkey/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSonnerToaster, SonnerToasts } from './toaster';

afterEach(() => {
  vi.useRealTimers();
});

/** The messages sonner shows now (toasts on their way out excluded), newest first. */
function shownToasts(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast]')]
    .filter((toast) => toast.getAttribute('data-removed') !== 'true')
    .map((toast) => `${toast.getAttribute('data-type') ?? 'default'}: ${toast.textContent}`);
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('createSonnerToaster', () => {
  it('shows toasts through sonner with no axe violations', async () => {
    const toaster = createSonnerToaster();
    render(<SonnerToasts toaster={toaster} />);
    act(() => {
      toaster.show({ type: 'success', message: 'Email resent' });
    });
    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();
    await expectNoAxeViolations();
  });

  it('renders nothing of sonner before the first toast', async () => {
    const toaster = createSonnerToaster();
    const { container } = render(<SonnerToasts toaster={toaster} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(toaster.getSonner()).toBeNull();
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
  });

  it('preload() loads sonner and mounts its toaster without showing a toast; the first toast then shows at once', async () => {
    const toaster = createSonnerToaster();
    const { container } = render(<SonnerToasts toaster={toaster} />);
    toaster.preload?.();
    await waitFor(() => expect(toaster.getSonner()).not.toBeNull());
    await waitFor(() => expect(container.querySelector('section')).not.toBeNull());
    expect(shownToasts()).toEqual([]);
    act(() => void toaster.show({ type: 'success', message: 'Email resent' }));
    await waitFor(() => expect(shownToasts()).toEqual(['success: Email resent']));
  });

  it('keeps each toast for the spec duration: 2 s success, 4 s default and error, loading until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const toaster = createSonnerToaster();
    render(<SonnerToasts toaster={toaster} />);
    let loadingId = '';
    // All four are shown before sonner has loaded: they are queued and arrive in order.
    act(() => {
      toaster.show({ type: 'default', message: 'Hello' });
      toaster.show({ type: 'success', message: 'Email resent' });
      toaster.show({ type: 'error', message: 'Something went wrong' });
      loadingId = toaster.show({ type: 'loading', message: 'Sending' });
    });
    await screen.findByText('Sending');
    expect(shownToasts()).toEqual([
      'loading: Sending',
      'error: Something went wrong',
      'success: Email resent',
      'default: Hello',
    ]);

    await advance(1800);
    expect(shownToasts()).toHaveLength(4);
    await advance(500); // 2.3 s
    expect(shownToasts()).toEqual(['loading: Sending', 'error: Something went wrong', 'default: Hello']);
    await advance(1400); // 3.7 s
    expect(shownToasts()).toHaveLength(3);
    await advance(600); // 4.3 s
    expect(shownToasts()).toEqual(['loading: Sending']);
    await advance(60_000);
    expect(shownToasts()).toEqual(['loading: Sending']);

    act(() => toaster.dismiss(loadingId));
    await advance(500);
    expect(shownToasts()).toEqual([]);
  });

  it('replaces a toast shown again with the same id (loading, then success)', async () => {
    const toaster = createSonnerToaster();
    render(<SonnerToasts toaster={toaster} />);
    act(() => {
      toaster.show({ type: 'loading', message: 'Sending', id: 'send' });
    });
    await screen.findByText('Sending');
    act(() => {
      toaster.show({ type: 'success', message: 'Sent', id: 'send' });
    });
    await screen.findByText('Sent');
    expect(shownToasts()).toEqual(['success: Sent']);
  });

  it('never shows a toast dismissed before sonner arrived', async () => {
    const toaster = createSonnerToaster();
    render(<SonnerToasts toaster={toaster} />);
    act(() => {
      const id = toaster.show({ type: 'error', message: 'Gone' });
      toaster.dismiss(id);
      toaster.show({ type: 'default', message: 'Kept' });
    });
    await screen.findByText('Kept');
    expect(shownToasts()).toEqual(['default: Kept']);
  });

  it('keeps two widgets’ toasts apart', async () => {
    const first = createSonnerToaster();
    const second = createSonnerToaster();
    render(
      <>
        <div data-testid="first">
          <SonnerToasts toaster={first} />
        </div>
        <div data-testid="second">
          <SonnerToasts toaster={second} />
        </div>
      </>,
    );
    act(() => {
      first.show({ type: 'default', message: 'For the first' });
      second.show({ type: 'default', message: 'For the second' });
    });
    await screen.findByText('For the first');
    await screen.findByText('For the second');
    expect(screen.getByTestId('first').textContent).not.toContain('For the second');
    expect(screen.getByTestId('second').textContent).not.toContain('For the first');
  });

  it('renders into another container when asked (a shadow-root widget toasts in the light DOM)', async () => {
    const toaster = createSonnerToaster();
    const outside = document.createElement('div');
    document.body.append(outside);
    const { container } = render(<SonnerToasts toaster={toaster} container={outside} />);
    act(() => {
      toaster.show({ type: 'success', message: 'Portalled' });
    });
    await screen.findByText('Portalled');
    expect(outside.textContent).toContain('Portalled');
    expect(container.textContent).toBe('');
    outside.remove();
  });
});

describe('SonnerToasts theme', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Shows one toast on a toaster rendered with `theme` and returns sonner's theme attribute. */
  async function toastTheme(theme?: 'light' | 'dark' | 'auto'): Promise<string | null> {
    const toaster = createSonnerToaster();
    render(<SonnerToasts toaster={toaster} theme={theme} />);
    act(() => {
      toaster.show({ type: 'success', message: 'Email resent' });
    });
    await screen.findByText('Email resent');
    return document.querySelector('[data-sonner-toaster]')?.getAttribute('data-sonner-theme') ?? null;
  }

  it('shows light toasts by default and dark ones for the dark theme', async () => {
    expect(await toastTheme()).toBe('light');
    document.body.replaceChildren();
    expect(await toastTheme('dark')).toBe('dark');
  });

  it("follows prefers-color-scheme for 'auto', and is light where matchMedia does not exist (jsdom)", async () => {
    expect(window.matchMedia).toBeUndefined();
    expect(await toastTheme('auto')).toBe('light');
    document.body.replaceChildren();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-color-scheme: dark)',
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    expect(await toastTheme('auto')).toBe('dark');
  });
});
