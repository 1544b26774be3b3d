// Internal: the Main screen's lazily loaded forms (MainScreen.tsx makes one per product from the kit registry).
import { type ComponentType, createElement, Suspense, useEffect, useState } from 'react';
import { type Catalogue, ProductMessagesProvider } from '../../messages/index';
import type { EmailFormKind } from '../../products/defineProductKit';
import { type EmailFlowBinderProps, type EmailFlowBinding, EmailForm, useEmailForm } from './EmailForm';

/** A form that loads with its product's chunk and can be loaded ahead of time (`preload`). */
export type PreloadableForm<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like `React.lazy`, but once `preload()` has resolved the form renders at once, never through the Suspense
 * fallback: a tab whose form was preloaded shows its field the moment the tab is shown, so a fast Tab key cannot
 * skip past it.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableForm<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per product at module level, never during a render.
  function Form(props: P) {
    if (Loaded) return createElement(Loaded, props);
    // Suspends until the chunk is in (the same promise every time, so React retries once it settles).
    throw preload();
  }
  return Object.assign(Form, { preload });
}

/**
 * The email form of a product whose flow comes with its chunk: the field, label and button render at once (from the
 * first chunk), and the flow binds to them when the chunk arrives. A submit before then waits (the button shows it
 * is busy) and runs, format check included, as soon as the flow is bound; the DOM is never swapped, so typing and
 * focus carry on undisturbed.
 */
export function deferredEmailForm(
  kind: EmailFormKind,
  load: () => Promise<{ Binder: ComponentType<EmailFlowBinderProps>; messages?: Catalogue }>,
): PreloadableForm<object> {
  let messages: Catalogue | undefined;
  const Binder = preloadable<EmailFlowBinderProps>(async () => {
    const loaded = await load();
    messages = loaded.messages;
    return loaded.Binder;
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per product at module level, never during a render.
  function DeferredEmailForm() {
    const [binding, setBinding] = useState<EmailFlowBinding | null>(null);
    const [isQueued, setQueued] = useState(false);
    const form = useEmailForm({
      kind,
      invalidMessage: binding?.invalidMessage ?? '',
      submitEmail: binding?.submitEmail ?? (async () => {}),
      isPending: binding?.isPending ?? false,
      flowError: binding?.flowError ?? null,
      resetFlow: binding?.resetFlow,
    });
    const { submit } = form;
    useEffect(() => {
      if (!binding || !isQueued) return;
      setQueued(false);
      void submit();
    }, [binding, isQueued, submit]);
    // Busy from the early submit until the bound flow has run it (so the focus moves to the field if it fails).
    const value = {
      ...form,
      isPending: form.isPending || isQueued,
      submit: binding ? submit : async () => setQueued(true),
    };
    return (
      <ProductMessagesProvider value={binding ? messages : undefined}>
        <EmailForm value={value} />
        <Suspense fallback={null}>
          <Binder onBind={setBinding} />
        </Suspense>
      </ProductMessagesProvider>
    );
  }
  return Object.assign(DeferredEmailForm, { preload: Binder.preload });
}
