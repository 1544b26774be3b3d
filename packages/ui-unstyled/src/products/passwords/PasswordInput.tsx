import { forwardRef } from 'react';
import { useMessages } from '../../messages/index';
import { composeEventHandlers, createPart, type PartProps } from '../../primitives/createPart';
import { passwordMessages } from './messages';

const Input = createPart('password-input', 'input', 'input');
const Toggle = createPart('password-input', 'visibility-toggle', 'button');

/** Props of `PasswordInput`. */
export interface PasswordInputProps extends PartProps<'input'> {
  /** Shows the password as plain text (`type="text"`); emitted as `data-visible`. */
  isVisible?: boolean;
}

/**
 * A password `<input>` (`data-scope="password-input" data-part="input"` unless overridden): `type="password"`,
 * or `type="text"` with `data-visible` while the password is shown. Spellcheck and auto-capitalisation are off
 * so a shown password is never sent to a spellchecker.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { isVisible = false, ...props },
  ref,
) {
  return (
    <Input
      type={isVisible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      data-visible={isVisible ? '' : undefined}
      {...props}
      ref={ref}
    />
  );
});

/** Props of `PasswordVisibilityToggle`. */
export interface PasswordVisibilityToggleProps extends PartProps<'button'> {
  /** The password is shown: `data-visible`, label 'Hide password' (else 'Show password'). */
  isVisible: boolean;
  /** Flips the visibility (runs after the caller's `onClick` unless it called `preventDefault()`). */
  onToggle: () => void;
  /** The id of the input it controls (`aria-controls`). */
  inputId?: string;
}

/**
 * The show/hide toggle of a password field (`data-scope="password-input" data-part="visibility-toggle"` unless
 * overridden): a button labelled 'Show password', or 'Hide password' with `data-visible` while the password is
 * shown (the label names the action, so it carries no `aria-pressed`). Its default content is the label; the
 * themed kit replaces it with an eye icon.
 */
export const PasswordVisibilityToggle = forwardRef<HTMLButtonElement, PasswordVisibilityToggleProps>(
  function PasswordVisibilityToggle({ isVisible, onToggle, inputId, children, ...props }, ref) {
    const t = useMessages(passwordMessages);
    const label = isVisible ? t('password.hidePassword') : t('password.showPassword');
    return (
      <Toggle
        type="button"
        aria-label={label}
        aria-controls={inputId}
        data-visible={isVisible ? '' : undefined}
        {...props}
        onClick={composeEventHandlers(props.onClick, () => onToggle())}
        ref={ref}
      >
        {children ?? label}
      </Toggle>
    );
  },
);
