import { MAX_TOASTS, TOAST_DURATIONS, type Toaster, type ToastOptions } from '@latchkey/ui-unstyled';
import { createElement, useSyncExternalStore } from 'react';
import type { LatchkeyTheme } from './theme';

type Sonner = Pick<typeof import('sonner'), 'Toaster' | 'toast'>;
type Renderer = typeof import('./sonnerRenderer');

let rendererModule: Promise<Renderer> | null = null;

// sonner, and what renders its toaster, are downloaded with a screen that can toast or on the first toast only: a
// sign-in that never gets there never pays for them (bundle budget).
function loadSonner(): Promise<Renderer> {
  rendererModule ??= import('./sonnerRenderer').catch((error: unknown) => {
    rendererModule = null; // a failed chunk download is retried on the next toast
    throw error;
  });
  return rendererModule;
}

type Operation = { kind: 'show'; toast: Required<ToastOptions> } | { kind: 'dismiss'; id: string };

/** A `Toaster` backed by sonner, plus what `SonnerToasts` needs to render sonner's `<Toaster/>`. */
export interface SonnerToaster extends Toaster {
  /** The sonner `<Toaster id>` this toaster's toasts go to, so two widgets on a page never show each other's. */
  readonly toasterId: string;
  /** The sonner module once it has loaded, else null. */
  getSonner(): Sonner | null;
  /** What renders sonner's `<Toaster/>` (loaded with sonner), else null. */
  getRenderer(): typeof import('./sonnerRenderer') | null;
  /** Calls `listener` when sonner has loaded. */
  subscribe(listener: () => void): () => void;
  /** Called once sonner's `<Toaster/>` listens: sends every toast shown so far, in order. */
  attach(): void;
  /** Called when sonner's `<Toaster/>` unmounts: later toasts wait for the next `attach`. */
  detach(): void;
}

let toasterCount = 0;

/**
 * Creates a toaster over sonner with the spec's durations (4 s default, 2 s success, 4 s error, loading until
 * dismissed). sonner is imported on the first `show`; toasts shown before it listens are queued and sent in order.
 * Render `<SonnerToasts toaster>` where its `<Toaster/>` should live.
 */
export function createSonnerToaster(): SonnerToaster {
  toasterCount += 1;
  const toasterId = `latchkey-${toasterCount}`;
  let toastCount = 0;
  // The renderer's module, once loaded (it carries sonner: `renderer.sonner`).
  let renderer: Renderer | null = null;
  let isAttached = false;
  const queue: Operation[] = [];
  const listeners = new Set<() => void>();

  const send = (module: Sonner, operation: Operation) => {
    if (operation.kind === 'dismiss') {
      module.toast.dismiss(operation.id);
      return;
    }
    const { type, message, id } = operation.toast;
    const data = { id, toasterId, duration: TOAST_DURATIONS[type] };
    if (type === 'default') module.toast(message, data);
    else module.toast[type](message, data);
  };

  const load = () => {
    if (renderer) return;
    loadSonner().then(
      (module) => {
        if (renderer) return;
        renderer = module;
        for (const listener of listeners) listener();
      },
      () => {},
    );
  };
  const run = (operation: Operation) => {
    if (renderer && isAttached) {
      send(renderer.sonner, operation);
      return;
    }
    queue.push(operation);
    load();
  };

  return {
    toasterId,
    show({ type, message, id }) {
      toastCount += 1;
      const toastId = id ?? `${toasterId}-toast-${toastCount}`;
      run({ kind: 'show', toast: { type, message, id: toastId } });
      return toastId;
    },
    dismiss(id) {
      // A toast still waiting for sonner is simply never shown (sonner would apply a dismissal that overtakes
      // the toast's arrival to nothing and then show the toast).
      const waiting = queue.filter((operation) => operation.kind === 'show' && operation.toast.id === id);
      if (waiting.length === 0) run({ kind: 'dismiss', id });
      for (const operation of waiting) queue.splice(queue.indexOf(operation), 1);
    },
    preload: load,
    getSonner: () => renderer?.sonner ?? null,
    getRenderer: () => renderer,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach() {
      isAttached = true;
      if (!renderer) return;
      for (const operation of queue.splice(0)) send(renderer.sonner, operation);
    },
    detach() {
      isAttached = false;
    },
  };
}

/** Props of `SonnerToasts`. */
export interface SonnerToastsProps {
  toaster: SonnerToaster;
  /**
   * Where to render the toasts instead of in place. sonner adds its CSS to the document's head, so a widget inside
   * a shadow root renders its toasts into the light DOM (e.g. `document.body`).
   */
  container?: Element | DocumentFragment | null;
  /** The widget's colour theme: sonner's light or dark toasts (`'auto'`: dark while the system prefers it). Default light. */
  theme?: LatchkeyTheme;
}

/**
 * sonner's `<Toaster visibleToasts={20}/>` for `toaster`, rendered once sonner has loaded (nothing before). What
 * renders it comes in the same chunk as sonner, so a sign-in page's first load carries only this.
 */
export function SonnerToasts(props: SonnerToastsProps) {
  const { toaster } = props;
  const renderer = useSyncExternalStore(toaster.subscribe, toaster.getRenderer, toaster.getRenderer);
  return renderer ? createElement(renderer.SonnerRenderer, { ...props, visibleToasts: MAX_TOASTS }) : null;
}
