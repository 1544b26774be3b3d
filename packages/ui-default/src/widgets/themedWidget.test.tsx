// themedWidget and themedSignInWidget make every themed React component of the kit: these checks pin what it passes to the unstyled widget
// (the themed configuration and the toaster for a sign-in widget, nothing of the theme otherwise), the `.lk-Root`
// around it, the ref and the name React's devtools show.
import { render, screen } from '@testing-library/react';
import { createRef, forwardRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { StyleConfig } from '../theme';
import { LATCHKEY_WIDGETS } from './index';
import { themedSignInWidget, themedWidget } from './themedWidget';

interface FakeProps {
  config?: { style?: StyleConfig; locale?: string };
  toaster?: unknown;
  label?: string;
}

let received: Record<string, unknown> = {};

const FakeSignIn = forwardRef<HTMLDivElement, FakeProps>(function FakeSignIn(props, ref) {
  received = { ...props };
  return (
    <div ref={ref} data-testid="unstyled">
      {props.label}
    </div>
  );
});

function FakeEnrollment(props: { label?: string; logoImageUrl?: string }) {
  received = { ...props };
  return <div data-testid="unstyled">{props.label}</div>;
}

const ThemedSignIn = themedSignInWidget(FakeSignIn, 'ThemedSignIn');
const ThemedEnrollment = themedWidget(FakeEnrollment, {
  displayName: 'ThemedEnrollment',
  withStyles: (props, styles) => ({ ...props, logoImageUrl: styles?.logo?.logoImageUrl }),
});

describe('themedWidget', () => {
  it('gives a sign-in widget the themed configuration (enableShadowDOM kept) and a toaster, in a .lk-Root, with its ref', async () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <ThemedSignIn
        ref={ref}
        label="Sign in"
        theme="dark"
        styles={{ hideHeaderText: true }}
        config={{ locale: 'fr', enableShadowDOM: false }}
      />,
    );
    const unstyled = await screen.findByTestId('unstyled');
    expect(unstyled.closest('.lk-Root')?.getAttribute('data-theme')).toBe('dark');
    expect(ref.current).toBe(unstyled);
    expect(received.config).toEqual({ locale: 'fr', enableShadowDOM: false, style: { hideHeaderText: true } });
    expect(typeof (received.toaster as { show?: unknown } | undefined)?.show).toBe('function');
    expect(received).not.toHaveProperty('styles');
    expect(received).not.toHaveProperty('toastContainer');
  });

  it('gives a widget without toasts neither the configuration nor a toaster; withStyles adds its props', async () => {
    render(<ThemedEnrollment label="Enrol" styles={{ logo: { logoImageUrl: '/logo.svg' } }} config={{}} />);
    expect(await screen.findByText('Enrol')).toBeTruthy();
    // React 19 hands a function component its `ref` prop (null here); React 18 keeps it out of the props.
    const { ref, ...props } = received;
    expect(ref ?? null).toBeNull();
    expect(props).toEqual({ label: 'Enrol', logoImageUrl: '/logo.svg' });
  });

  it("names every kit widget's component as the kit exports it, for React's devtools", () => {
    expect(ThemedSignIn.displayName).toBe('ThemedSignIn');
    for (const widget of LATCHKEY_WIDGETS) {
      expect((widget.component as { displayName?: string }).displayName).toBe(widget.componentName);
    }
  });
});
