// Internal: focus management of the identity-provider screens (not exported from the package).
import { useEffect, useRef } from 'react';

/**
 * Moves focus into the view that follows the user's decision (the pressed button is gone): its heading, or its
 * alert. Other changes (the first view after loading) do not take focus from the page.
 */
export function useFocusAfterDecision(view: string, decisionView = 'consent') {
  const container = useRef<HTMLDivElement | null>(null);
  const previous = useRef(view);
  useEffect(() => {
    if (previous.current === view) return;
    const isAfterDecision = previous.current === decisionView;
    previous.current = view;
    if (!isAfterDecision) return;
    const target = container.current?.querySelector<HTMLElement>('h2, [role="alert"]');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [view, decisionView]);
  return container;
}
