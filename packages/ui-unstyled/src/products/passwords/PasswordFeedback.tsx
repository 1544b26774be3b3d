import type { PasswordsStrengthCheckResponse } from '@latchkey/sdk';
import { forwardRef } from 'react';
import { type MessageId, type Translate, useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { passwordFeedbackMessage, passwordMessages } from './messages';

const Root = createPart('password-feedback', 'root', 'div');
const Warning = createPart('password-feedback', 'warning', 'p');
const Suggestions = createPart('password-feedback', 'suggestions', 'ul');
const Suggestion = createPart('password-feedback', 'suggestion', 'li');
const BreachedNotice = createPart('password-feedback', 'breached-notice', 'p');

/**
 * The text to show for a warning or suggestion of the strength check: the catalogue's (translatable) text when
 * it is one zxcvbn or the provider is known to send, else the text as received. Always plain text.
 */
export function translateFeedback(t: Translate, text: string): string {
  const known = passwordFeedbackMessage(text);
  return known ? t(known.id as MessageId, known.values) : text;
}

/** Props of `PasswordFeedback`. */
export interface PasswordFeedbackProps extends Omit<PartProps<'div'>, 'children'> {
  /** The last strength-check answer, or null before one arrived. */
  result: Pick<PasswordsStrengthCheckResponse, 'feedback' | 'breached_password' | 'strength_policy'> | null | undefined;
}

/**
 * The strength check's advice, in a polite live region (`data-scope="password-feedback" data-part="root"`,
 * `data-breached` for a breached password): the breached notice (`data-part="breached-notice"`, role alert) when
 * `breached_password`, else the zxcvbn warning (`data-part="warning"`) and suggestions (`data-part="suggestions"`
 * list of `data-part="suggestion"`), each translated through the catalogue (`password.zxcvbn.*`) or shown as
 * received. Under the LUDS policy only the breached notice shows; the rows are `LudsRequirements`.
 */
export const PasswordFeedback = forwardRef<HTMLDivElement, PasswordFeedbackProps>(function PasswordFeedback(
  { result, ...props },
  ref,
) {
  const t = useMessages(passwordMessages);
  const isBreached = result?.breached_password === true;
  const showsAdvice = result && !isBreached && result.strength_policy === 'zxcvbn';
  const warning = showsAdvice ? result.feedback.warning.trim() : '';
  const suggestions = showsAdvice ? result.feedback.suggestions.filter((text) => text.trim() !== '') : [];
  return (
    <Root aria-live="polite" data-breached={isBreached ? '' : undefined} {...props} ref={ref}>
      {isBreached ? <BreachedNotice role="alert">{t('password.breachedNotice')}</BreachedNotice> : null}
      {warning !== '' ? <Warning>{translateFeedback(t, warning)}</Warning> : null}
      {suggestions.length > 0 ? (
        <Suggestions>
          {suggestions.map((text) => (
            <Suggestion key={text}>{translateFeedback(t, text)}</Suggestion>
          ))}
        </Suggestions>
      ) : null}
    </Root>
  );
});
