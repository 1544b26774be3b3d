import {
  Children,
  cloneElement,
  forwardRef,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  version,
} from 'react';

type AnyProps = Record<string, unknown>;

// The child element's own ref: `props.ref` from React 19 on, `element.ref` before (reading the other one only
// triggers React's deprecation warning).
const isRefAProp = Number.parseInt(version, 10) >= 19;
function elementRef(element: ReactElement): Ref<unknown> | undefined {
  return isRefAProp
    ? (element.props as { ref?: Ref<unknown> }).ref
    : (element as unknown as { ref?: Ref<unknown> }).ref;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * Renders its single child element with the slot's props merged in (the `asChild` of every part): the child's own
 * props win, but both event handlers run (the child's first), class names are joined, styles are merged, and both
 * refs are set. The same contract as Radix's Slot, in a few lines, since every sign-in page ships it.
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(function Slot(
  { children, ...slotProps },
  forwardedRef,
) {
  if (!isValidElement(children)) {
    // Several children: React's own error ('expected to receive a single React element child').
    if (Children.count(children) > 1) Children.only(children);
    return null;
  }
  const childProps = children.props as AnyProps;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps as AnyProps)) {
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (name === 'style') merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (name === 'className') merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
  }
  const childRef = elementRef(children);
  merged.ref =
    forwardedRef || childRef
      ? (node: unknown) => {
          setRef(forwardedRef as Ref<unknown>, node);
          setRef(childRef, node);
        }
      : undefined;
  return cloneElement(children, merged);
});
