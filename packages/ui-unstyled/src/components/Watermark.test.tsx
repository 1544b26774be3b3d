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
    const logo = within(link).getByRole('img', { name: 'Latchkey' });
    expect(logo.tagName.toLowerCase()).toBe('svg');
    expect(logo.getAttribute('width')).toBe('150');
    expect(WATERMARK_LOGO_WIDTH).toBe(150);
    expect(logo.getAttribute('data-scope')).toBe('watermark');
    expect(logo.getAttribute('data-part')).toBe('logo');
    expect(link.textContent).toBe('Powered by Latchkey');
    await expectNoAxeViolations();
  });

  it('names the logo with the catalogue, so overridden strings rename the link', async () => {
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
    expect(within(link).getByRole('img', { name: 'Latchkey FR' }).getAttribute('width')).toBe('150');
  });
});
