import { forwardRef } from 'react';
import { type MessageId, useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { passwordMessages } from './messages';

/** The number of segments of the strength bar (zxcvbn scores run 0 to 4). */
export const STRENGTH_SEGMENTS = 4;

/** How a score reads: 'weak' below 3 (red), 'strong' from 3 (green), as the bar is coloured. */
export type StrengthTone = 'weak' | 'strong';

/**
 * Scores 0 and 1 fill 1 segment of 4, 2 fills 2 (red); 3 fills 3, 4 fills 4 (green).
 */
export function strengthSegments(score: number): { filled: number; tone: StrengthTone } {
  const clamped = Math.max(0, Math.min(STRENGTH_SEGMENTS, Math.round(score)));
  return { filled: Math.max(1, clamped), tone: clamped >= 3 ? 'strong' : 'weak' };
}

const LEVELS: readonly MessageId[] = [
  'password.strength.weak',
  'password.strength.weak',
  'password.strength.fair',
  'password.strength.good',
  'password.strength.strong',
];

const Root = createPart('strength-meter', 'root', 'div');
const Segment = createPart('strength-meter', 'segment', 'span');

/** Props of `StrengthMeter`. */
export interface StrengthMeterProps extends Omit<PartProps<'div'>, 'children'> {
  /** The strength check's zxcvbn score (0–4); nothing renders while it is null or undefined. */
  score: number | null | undefined;
}

/**
 * The password strength bar: `<div role="meter" aria-valuemin=0 aria-valuemax=4 aria-valuenow={score}
 * aria-valuetext="Weak|Fair|Good|Strong">` labelled 'Password strength' (`data-scope="strength-meter"
 * data-part="root"`, `data-score="0…4"`, `data-tone="weak|strong"`) holding four `data-part="segment"` spans,
 * the first ones `data-filled` (0–1 → 1, 2 → 2 in red; 3 → 3, 4 → 4 in green), each with `data-index`.
 */
export const StrengthMeter = forwardRef<HTMLDivElement, StrengthMeterProps>(function StrengthMeter(
  { score, ...props },
  ref,
) {
  const t = useMessages(passwordMessages);
  if (score === null || score === undefined) return null;
  const { filled, tone } = strengthSegments(score);
  const value = Math.max(0, Math.min(STRENGTH_SEGMENTS, Math.round(score)));
  return (
    <Root
      role="meter"
      aria-label={t('password.strength.label')}
      aria-valuemin={0}
      aria-valuemax={STRENGTH_SEGMENTS}
      aria-valuenow={value}
      aria-valuetext={t(LEVELS[value] ?? 'password.strength.weak')}
      data-score={value}
      data-tone={tone}
      {...props}
      ref={ref}
    >
      {Array.from({ length: STRENGTH_SEGMENTS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the four segments are fixed positions
        <Segment key={index} data-index={index} data-filled={index < filled ? '' : undefined} data-tone={tone} />
      ))}
    </Root>
  );
});
