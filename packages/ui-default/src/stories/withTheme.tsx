import '../styles.css';
import type { ComponentType, ReactElement } from 'react';
import { ThemeRoot } from '../ThemeRoot';

/**
 * A ladle decorator: renders a story inside the default kit's root (`.lk-Root`, the theme's `--lk-*` defaults)
 * with its stylesheet, so an unstyled example looks as the themed `<SignIn>` shows it.
 */
export function withTheme(Story: ComponentType): ReactElement {
  return (
    <ThemeRoot>
      <Story />
    </ThemeRoot>
  );
}
