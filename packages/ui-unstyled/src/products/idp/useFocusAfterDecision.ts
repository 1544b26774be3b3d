// Internal: focus management of the identity-provider screens (not exported from the package).
import { useEffect, useRef } from 'react';

/**
 * Moves focus into the view that follows the user's decision or sign-in (the pressed button, or the sign-in form,
 * is gone): its heading, or its alert. `decisionViews`: the views whose end is the user's doing; a `loading` view in
 * between (the consent being fetched after the sign-in) waits for the next one. Other changes (the first view after
 * loading) do not take focus from the page.
 */
export function useFocusAfterDecision(view: string, decisionViews: readonly string[] = ['consent', 'sign_in']) {
  const container = useRef<HTMLDivElement | null>(null);
  const previous = useRef(view);
  const isArmed = useRef(false);
  const decisions = decisionViews.join('\n');
  useEffect(() => {
    if (previous.current === view) return;
    if (decisions.split('\n').includes(previous.current)) isArmed.current = true;
    previous.current = view;
    if (!isArmed.current || view === 'loading') return;
    isArmed.current = false;
    const target = container.current?.querySelector<HTMLElement>('h2, [role="alert"]');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [view, decisions]);
  return container;
}
