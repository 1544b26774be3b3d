import type { PasswordsLudsRequirements } from '@latchkey/sdk';
import { forwardRef } from 'react';
import { useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { passwordMessages } from './messages';

const Root = createPart('luds-requirements', 'root', 'ul');
const Row = createPart('luds-requirements', 'row', 'li');
const Indicator = createPart('luds-requirements', 'indicator', 'span');
const Text = createPart('luds-requirements', 'text', 'span');

/** Props of `LudsRequirements`. */
export interface LudsRequirementsProps extends Omit<PartProps<'ul'>, 'children'> {
  /** `feedback.luds_requirements` of the last strength check, or null before one answered (both rows unmet). */
  requirements: PasswordsLudsRequirements | null | undefined;
  /** The project's minimum length (bootstrap `passwordConfig.ludsMinimumCount`). */
  minimumCount: number;
  /** How many character classes the project requires (bootstrap `passwordConfig.ludsComplexity`). */
  complexity: number;
}

/**
 * The LUDS policy rows: a list (`data-scope="luds-requirements" data-part="root"`) of two rows
 * (`data-part="row"`, `data-rule="minimum-count|complexity"`, `data-met` once the last check reports nothing
 * missing): 'Must be at least {count} character(s) long' and 'Must contain {count} of the following: uppercase
 * letter, lowercase letter, number, symbol'. Each row starts with an `data-part="indicator"` image (named
 * 'Requirement met' / 'Requirement not met') for the kit to draw a check or a cross; the text is
 * `data-part="text"`.
 */
export const LudsRequirements = forwardRef<HTMLUListElement, LudsRequirementsProps>(function LudsRequirements(
  { requirements, minimumCount, complexity, ...props },
  ref,
) {
  const t = useMessages(passwordMessages);
  const rows = [
    {
      rule: 'minimum-count',
      isMet: requirements ? requirements.missing_characters === 0 : false,
      text: t('password.luds.minimumCount', { count: minimumCount }),
    },
    {
      rule: 'complexity',
      isMet: requirements ? requirements.missing_complexity === 0 : false,
      text: t('password.luds.complexity', { count: complexity }),
    },
  ];
  return (
    <Root {...props} ref={ref}>
      {rows.map((row) => (
        <Row key={row.rule} data-rule={row.rule} data-met={row.isMet ? '' : undefined}>
          <Indicator
            role="img"
            aria-label={row.isMet ? t('password.luds.met') : t('password.luds.unmet')}
            data-met={row.isMet ? '' : undefined}
          />
          <Text>{row.text}</Text>
        </Row>
      ))}
    </Root>
  );
});
