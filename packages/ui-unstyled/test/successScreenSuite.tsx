// The tests LoginSuccessScreen and OtpConfirmationScreen share: both show 'Success!', a message and a decorative
// icon, and emit AUTHENTICATE_FLOW_COMPLETE once.
import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import { type ComponentType, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from './renderScreen';
import { pageMain } from './renderSignIn';

export interface SuccessScreenSuite {
  /** The screen's name, for the test titles (`LoginSuccessScreen`). */
  name: string;
  Screen: ComponentType;
  /** The text under 'Success!'. */
  message: string;
  /** The screen's examples/ components, by file name. */
  examples: Record<'basic' | 'error' | 'loading' | 'custom-layout', ComponentType>;
}

/** Declares the success screen's tests: axe, the texts and the icon, one AUTHENTICATE_FLOW_COMPLETE, the examples. */
export function describeSuccessScreen({ name, Screen, message, examples }: SuccessScreenSuite): void {
  const renderSuccess = () => renderScreen(<Screen />, { strict: true });

  describe(name, () => {
    it('has no axe violations', async () => {
      await renderSuccess();
      await expectNoAxeViolations();
    });

    it(`shows 'Success!' / '${message}'`, async () => {
      await renderSuccess();
      expect(screen.getByRole('heading', { name: 'Success!' })).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(document.querySelector('[data-part="icon"]')?.getAttribute('aria-hidden')).toBe('true');
    });

    it('emits AUTHENTICATE_FLOW_COMPLETE once on display, even when re-rendered', async () => {
      const { onEvent, rerender } = await renderSuccess();
      rerender(
        <StrictMode>
          <div />
        </StrictMode>,
      );
      expect(onEvent.mock.calls).toEqual([[{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} }]]);
    });
  });

  describe(`${name} examples`, () => {
    it.each(Object.entries(examples))('the %s example renders without axe violations', async (_, Example) => {
      render(<Example />, { container: pageMain() });
      await expectNoAxeViolations();
    });
  });
}
