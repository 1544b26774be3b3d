import { expectNoAxeViolations } from '@latchkey/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageMain } from '../../test/renderSignIn';
import { MessagesProvider } from '../messages/index';
import { ErrorMessage, linkifyText } from './ErrorMessage';

describe('ErrorMessage', () => {
  it('has no axe violations', async () => {
    render(<ErrorMessage error="See https://example.com/help for help." />, { container: pageMain() });
    await expectNoAxeViolations();
  });

  it('makes http(s) URLs links that open a new tab without an opener, and leaves other schemes as text', () => {
    render(
      <ErrorMessage error="Read https://example.com/docs?a=1, or http://example.org/x. Not javascript:alert(1) nor ftp://example.com/f nor data:text/html,hi." />,
      { container: pageMain() },
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/docs?a=1',
      'http://example.org/x',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('alert').textContent).toBe(
      'Read https://example.com/docs?a=1, or http://example.org/x. Not javascript:alert(1) nor ftp://example.com/f nor data:text/html,hi.',
    );
  });

  it('never renders markup from the text', () => {
    render(<ErrorMessage error={'<img src=x onerror="alert(1)"> https://example.com/"><script>'} />, {
      container: pageMain(),
    });
    expect(document.querySelector('img, script')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://example.com/');
  });

  it("shows the catalogue's text for a known error type, else the error's own message", async () => {
    render(
      <>
        <ErrorMessage data-testid="known" error={{ type: 'otp_code_not_found', message: 'server text' }} />
        <ErrorMessage
          data-testid="unknown"
          error={{ type: 'something_new', message: 'Server says https://x.example/a' }}
        />
      </>,
      { container: pageMain() },
    );
    // The catalogue's texts are a chunk of their own (messages/errors.ts): wait for it.
    expect((await screen.findByTestId('known', {}, { timeout: 10_000 })).textContent).toBe(
      'Invalid passcode, please try again.',
    );
    expect(screen.getByTestId('unknown').textContent).toBe('Server says https://x.example/a');
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://x.example/a');
  });

  it('follows the strings overrides of the catalogue', async () => {
    render(
      <MessagesProvider strings={{ 'error.email_not_found': 'No such email.' }}>
        <ErrorMessage error={{ type: 'email_not_found', message: 'Email not found.' }} />
      </MessagesProvider>,
      { container: pageMain() },
    );
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('No such email.');
  });

  it('renders nothing without an error', () => {
    render(<ErrorMessage error={null} />, { container: pageMain() });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('linkifyText keeps plain text as one string', () => {
    expect(linkifyText('no links here')).toEqual(['no links here']);
  });
});
