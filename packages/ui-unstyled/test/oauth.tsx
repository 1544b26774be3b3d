// The landing page of the redirect URL for the kit's social sign-in tests (the other helpers are @latchkey/testing's:
// socialEnvironment, providerFetch, StandInGoogle).
import { LatchkeyProvider, useAuthenticateByUrl } from '@latchkey/hooks';
import type { TestEnvironment } from '@latchkey/testing';
import { render } from '@testing-library/react';
import { pageMain } from './renderSignIn';

function Landing() {
  const landing = useAuthenticateByUrl();
  // The refusal's text, so a failing test says why.
  return (
    <p data-testid="landing" title={landing.error ? `${landing.error.type}: ${landing.error.message}` : undefined}>
      {landing.status}
    </p>
  );
}

/** The redirect URL's page: puts `url` in the address bar and renders a landing that exchanges its token. */
export function renderLanding(env: TestEnvironment, url: URL) {
  window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  return render(
    <LatchkeyProvider client={env.client}>
      <Landing />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
}
