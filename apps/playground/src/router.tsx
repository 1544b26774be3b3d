import { type AnchorHTMLAttributes, forwardRef, type MouseEvent, useSyncExternalStore } from 'react';

// A tiny history router: the playground has a handful of pages and needs nothing more than the current path and query.
const NAVIGATE_EVENT = 'playground:navigate';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

const getHref = () => window.location.pathname + window.location.search;

/** The current location (`pathname` and `search`), re-rendering on navigation. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, getHref);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, search: url.search };
}

/** Moves to `to` (a path with an optional query) without reloading; `replace` leaves no history entry. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** Props of `Link`. */
export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/** An anchor that navigates in-page for plain left clicks and behaves like any link otherwise. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href, onClick, ...props }, ref) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (props.target && props.target !== '_self') return;
    event.preventDefault();
    navigate(href);
  };
  return <a ref={ref} href={href} onClick={handleClick} {...props} />;
});
