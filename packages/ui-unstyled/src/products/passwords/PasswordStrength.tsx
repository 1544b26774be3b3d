import type { UsePasswordStrengthReturn } from '@latchkey/hooks';
import type { BootstrapData } from '@latchkey/sdk';
import { forwardRef } from 'react';
import { createPart, type PartProps } from '../../primitives/createPart';
import { LudsRequirements } from './LudsRequirements';
import { PasswordFeedback } from './PasswordFeedback';
import { StrengthMeter } from './StrengthMeter';

// The provider's LUDS defaults, for a check that answers 'luds' before the bootstrap data arrived.
const DEFAULT_LUDS = { ludsMinimumCount: 8, ludsComplexity: 3 };

const Root = createPart('password-strength', 'root', 'div');

/** Props of `PasswordStrength`. */
export interface PasswordStrengthProps extends Omit<PartProps<'div'>, 'children'> {
  /** `usePasswordStrength()`'s state for the password being typed. */
  strength: Pick<UsePasswordStrengthReturn, 'status' | 'result'>;
  /** The project's LUDS settings (bootstrap `passwordConfig`); non-null means the LUDS policy. */
  passwordConfig: BootstrapData['passwordConfig'];
  /** The id of the feedback region, for the password input's `aria-describedby`. */
  feedbackId?: string;
}

/**
 * Everything the strength check says about a password being typed, in one container
 * (`data-scope="password-strength" data-part="root"` unless overridden, `data-status="idle|checking|done|error"`,
 * `data-policy="zxcvbn|luds|none"`): under LUDS the two `LudsRequirements` rows, under `none` nothing, else the
 * `StrengthMeter` once a score is known; then `PasswordFeedback` (zxcvbn warning and suggestions, or the breached notice).
 */
export const PasswordStrength = forwardRef<HTMLDivElement, PasswordStrengthProps>(function PasswordStrength(
  { strength, passwordConfig, feedbackId, ...props },
  ref,
) {
  const { result } = strength;
  const isLuds = result ? result.strength_policy === 'luds' : passwordConfig !== null;
  // The `none` strength policy: the project checks no strength, so there is no meter and no rows (the breached notice
  // still shows).
  const isNone = result?.strength_policy === 'none';
  const luds = passwordConfig ?? DEFAULT_LUDS;
  return (
    <Root
      data-status={strength.status}
      data-policy={isNone ? 'none' : isLuds ? 'luds' : 'zxcvbn'}
      aria-busy={strength.status === 'checking' || undefined}
      {...props}
      ref={ref}
    >
      {isNone ? null : isLuds ? (
        <LudsRequirements
          requirements={result?.feedback.luds_requirements}
          minimumCount={luds.ludsMinimumCount}
          complexity={luds.ludsComplexity}
        />
      ) : (
        <StrengthMeter score={result?.score} />
      )}
      <PasswordFeedback id={feedbackId} result={result} />
    </Root>
  );
});
