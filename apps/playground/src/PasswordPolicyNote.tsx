import { useBootstrap, usePasswordStrength } from '@latchkey/hooks';
import { useId, useState } from 'react';

/**
 * Which password policy the provider enforces (zxcvbn or LUDS is a provider setting, not a kit option): what the
 * bootstrap says, what a strength check reports, and how to switch.
 */
export function PasswordPolicyNote() {
  const bootstrap = useBootstrap();
  const [password, setPassword] = useState('');
  const strength = usePasswordStrength({ password });
  const inputId = useId();
  const luds = bootstrap.passwordConfig;

  return (
    <section className="pg-panel" aria-labelledby="policy-title">
      <h2 id="policy-title">Password policy</h2>
      <p data-testid="bootstrap-policy">
        The project bootstrap reports{' '}
        <strong>
          {luds
            ? `LUDS (${luds.ludsComplexity} character classes, at least ${luds.ludsMinimumCount} characters)`
            : 'zxcvbn (no LUDS settings)'}
        </strong>
        .
      </p>
      <label htmlFor={inputId}>Try a password</label>{' '}
      <input
        id={inputId}
        className="pg-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p aria-live="polite" data-testid="strength-policy">
        {password === ''
          ? 'Type something to run a strength check.'
          : strength.isChecking || !strength.result
            ? 'Checking…'
            : `strength_policy: ${strength.result.strength_policy}, score ${strength.result.score} of 4, ` +
              `valid_password: ${String(strength.result.valid_password)}, ` +
              `breached_password: ${String(strength.result.breached_password)}`}
      </p>
      <p className="pg-note">
        The provider decides the policy. To switch to LUDS, put this in <code>latchkey.config.json</code> at the
        repository root and restart <code>npm start</code>:
      </p>
      <pre className="pg-json">
        {JSON.stringify({ project: { passwordPolicy: { type: 'luds', complexity: 3, minimumCount: 8 } } }, null, 2)}
      </pre>
      <p className="pg-note">
        Remove it (or use <code>{'{ "type": "zxcvbn" }'}</code>) for zxcvbn, the default: score 3 or more with the
        English dictionaries.
      </p>
    </section>
  );
}
