import { LatchkeyProvider } from '@latchkey/hooks';
import { expectNoAxeViolations, startTestEnvironment } from '@latchkey/testing';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesProvider } from '../messages/index';
import { WATERMARK_LOGO_WIDTH, Watermark } from './Watermark';

function main(): HTMLElement {
  return document.body.appendChild(document.createElement('main'));
}

describe('Watermark', () => {
  it("shows 'Powered by' and the 150-px-wide logo when the project's displayWatermark is on", async () => {
    const env = await startTestEnvironment({ config: { project: { disableWatermark: false } } });
    render(
      <LatchkeyProvider client={env.client}>
        <Watermark />
      </LatchkeyProvider>,
      { container: main() },
    );

    const link = await screen.findByRole('link', { name: 'Powered by Latchkey' }, { timeout: 10_000 });
    const logo = link.querySelector('svg');
    if (!logo) throw new Error('no <svg> logo in the watermark');
    // The link is named; the drawing itself is not a second image (the widget's only one is the project's logo).
    expect(logo.getAttribute('aria-hidden')).toBe('true');
    expect(within(link).queryByRole('img')).toBeNull();
    expect(logo.getAttribute('width')).toBe('150');
    expect(WATERMARK_LOGO_WIDTH).toBe(150);
    expect(logo.getAttribute('data-scope')).toBe('watermark');
    expect(logo.getAttribute('data-part')).toBe('logo');
    expect(link.textContent).toBe('Powered by Latchkey');
    await expectNoAxeViolations();
  });

  it('draws the name from the catalogue, so overridden strings rename the link and the logo', async () => {
    const env = await startTestEnvironment();
    render(
      <LatchkeyProvider client={env.client}>
        <MessagesProvider strings={{ 'watermark.poweredBy': 'Propulsé par', 'watermark.name': 'Latchkey FR' }}>
          <Watermark />
        </MessagesProvider>
      </LatchkeyProvider>,
      { container: main() },
    );
    const link = await screen.findByRole('link', { name: 'Propulsé par Latchkey FR' }, { timeout: 10_000 });
    expect(link.querySelector('svg')?.getAttribute('width')).toBe('150');
    expect(link.textContent).toBe('Propulsé par Latchkey FR');
  });
});
