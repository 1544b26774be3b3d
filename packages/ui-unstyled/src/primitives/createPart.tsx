import { type ComponentPropsWithoutRef, type ElementType, forwardRef, type SyntheticEvent } from 'react';
import { Slot } from './Slot';

/** Props every part takes on top of its element's own: `asChild` renders the caller's child element instead. */
export type PartProps<Tag extends ElementType> = ComponentPropsWithoutRef<Tag> & { asChild?: boolean };

/**
 * Makes a part: a component that renders exactly one `tag` element (or, with `asChild`, the caller's element),
 * forwards its ref, spreads every prop it does not consume and tags the element with `data-scope` and
 * `data-part`, the styling contract of the kits.
 */
export function createPart<Tag extends keyof HTMLElementTagNameMap>(scope: string, part: string, tag: Tag) {
  // Parts are made once, at module level, never during a render, so each keeps a stable identity.
  // biome-ignore lint/correctness/noComponentHookFactories: see above; this is a module-level component factory.
  const Part = forwardRef<HTMLElementTagNameMap[Tag], PartProps<Tag>>(function Part({ asChild, ...props }, ref) {
    const Component: ElementType = asChild ? Slot : tag;
    return <Component data-scope={scope} data-part={part} {...props} ref={ref} />;
  });
  Part.displayName = `${scope}.${part}`;
  return Part;
}

/**
 * Chains a caller's event handler before ours: the caller runs first and can `preventDefault()` ours away.
 */
export function composeEventHandlers<Event extends SyntheticEvent>(
  theirs: ((event: Event) => void) | undefined,
  ours: (event: Event) => void,
): (event: Event) => void {
  return (event) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}
