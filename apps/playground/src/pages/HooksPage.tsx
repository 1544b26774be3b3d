import {
  useCountdown,
  useEmailField,
  useMagicLinkFlow,
  useOtpCode,
  useOtpFlow,
  useResend,
  useSession,
} from '@latchkey/hooks';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { userLabel } from '../Header';
import { Link } from '../router';

// A sign-in written only with @latchkey/hooks: no kit component, the playground's own markup and class names.
// It shows what a developer who wants "no markup from us at all" writes: an email passcode and a magic link.

const OTP_INVALID_EMAIL = 'Invalid email address.';

function PasscodeStep({ otp, onBack }: { otp: ReturnType<typeof useOtpFlow>; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const countdown = useCountdown(otp.expiresAt);
  const resend = useResend(otp.resend);
  const code = useOtpCode({
    onComplete: (value) => {
      void otp.authenticate(value).then((ok) => {
        if (!ok) code.clear();
      });
    },
  });

  useEffect(() => headingRef.current?.focus(), []);

  const isVerifying = otp.status === 'verifying';
  const error = otp.error ?? resend.error;
  return (
    <section className="pg-hooks-step" aria-labelledby="hooks-otp-title">
      <h2 id="hooks-otp-title" ref={headingRef} tabIndex={-1}>
        Enter passcode
      </h2>
      <p>A 6-digit passcode was sent to you at {otp.destination}.</p>
      <fieldset className="pg-otp" aria-describedby={error ? errorId : undefined} disabled={isVerifying}>
        <legend>Passcode</legend>
        {code.digits.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items.
          <input key={index} className="pg-otp-box" {...code.getInputProps(index)} aria-invalid={Boolean(otp.error)} />
        ))}
      </fieldset>
      {isVerifying && (
        <p role="status" aria-busy="true">
          Verifying passcode...
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="pg-error">
          {error.message}
        </p>
      )}
      <p aria-live="polite">
        {countdown.isExpired ? 'Your code has expired.' : `Your code expires in ${countdown.formatted}.`}
      </p>
      <p>
        Didn't get it?{' '}
        <button
          type="button"
          className="pg-link-button"
          onClick={() => void resend.resend()}
          disabled={resend.status === 'sending'}
        >
          {resend.status === 'sent' ? 'Code sent' : 'Resend code'}
        </button>
      </p>
      <p>
        <button type="button" className="pg-button pg-button--quiet" onClick={onBack}>
          Back
        </button>{' '}
        <Link href="/inbox" target="_blank">
          Open the development inbox
        </Link>
      </p>
    </section>
  );
}

/** `/hooks`: email passcode and magic link, built from useEmailField, useOtpFlow, useMagicLinkFlow, useOtpCode, useCountdown. */
export default function HooksPage() {
  const { hasSession, user } = useSession();
  const email = useEmailField({ invalidMessage: OTP_INVALID_EMAIL });
  const otp = useOtpFlow({ expirationMinutes: 5 });
  const magicLink = useMagicLinkFlow({
    loginRedirectURL: `${window.location.origin}/authenticate`,
    signupRedirectURL: `${window.location.origin}/authenticate`,
  });
  const inputId = useId();
  const errorId = useId();
  const successRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (otp.status === 'success') successRef.current?.focus();
  }, [otp.status]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    magicLink.reset();
    otp.reset();
    if (submitter?.value === 'link') {
      // The magic-link flow checks the address itself ('Email format is invalid.').
      void magicLink.send(email.value);
      return;
    }
    if (email.validate()) void otp.send({ method: 'email', destination: email.value });
  };

  const startOver = () => {
    otp.reset();
    magicLink.reset();
  };

  let content: ReactNode;
  if (otp.status === 'success') {
    content = (
      <section aria-labelledby="hooks-success-title">
        <h2 id="hooks-success-title" ref={successRef} tabIndex={-1}>
          Success!
        </h2>
        <p>
          Your passcode has been successfully verified. See the <Link href="/session">session</Link>.
        </p>
      </section>
    );
  } else if (otp.methodId !== null && otp.status !== 'idle') {
    content = <PasscodeStep otp={otp} onBack={startOver} />;
  } else if (magicLink.status === 'sent') {
    content = (
      <section aria-labelledby="hooks-link-title">
        <h2 id="hooks-link-title">Check your email</h2>
        <p>An email was sent to {magicLink.email}.</p>
        <p>
          Open the link from the <Link href="/inbox">development inbox</Link>; it signs you in on{' '}
          <code>/authenticate</code>.
        </p>
        <button type="button" className="pg-button pg-button--quiet" onClick={startOver}>
          Try again
        </button>
      </section>
    );
  } else {
    const error = email.error ?? otp.error ?? magicLink.error;
    const isSending = otp.status === 'sending' || magicLink.status === 'sending';
    content = (
      <form className="pg-hooks-form" onSubmit={submit} noValidate aria-busy={isSending}>
        <label htmlFor={inputId}>Email</label>
        <input
          id={inputId}
          {...email.inputProps}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          placeholder="ada@example.com"
        />
        {error && (
          <p id={errorId} role="alert" className="pg-error">
            {error.message}
          </p>
        )}
        <div className="pg-hooks-actions">
          <button type="submit" name="action" value="code" className="pg-button" disabled={isSending}>
            Email me a passcode
          </button>
          <button type="submit" name="action" value="link" className="pg-button pg-button--quiet" disabled={isSending}>
            Email me a magic link
          </button>
        </div>
        {isSending && <p role="status">Sending…</p>}
      </form>
    );
  }

  return (
    <section aria-labelledby="hooks-title" className="pg-page">
      <h1 id="hooks-title">Hooks only</h1>
      <p className="pg-note">
        No kit component on this page: the markup is the playground's, the behaviour comes from{' '}
        <code>useEmailField</code>, <code>useOtpFlow</code>, <code>useMagicLinkFlow</code>, <code>useOtpCode</code>,{' '}
        <code>useCountdown</code> and <code>useResend</code>.
        {hasSession && ` You are already signed in as ${userLabel(user)}; signing in again adds a factor.`}
      </p>
      <div className="pg-panel pg-hooks">{content}</div>
    </section>
  );
}
