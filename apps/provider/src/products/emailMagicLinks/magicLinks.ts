import type { ProviderDeps } from '../../http/context';
import { createEmailToken } from '../../services/emailTokens';
import { tokenLink } from '../../services/guards';
import type { Recipient } from '../../services/recipients';
import type { IdentifierOwner } from '../../services/users';

/** Default lifetime of a magic link, for log-ins and sign-ups alike. */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;

/**
 * Creates a single-use magic-link token for `owner` and emails the link. Only the token's SHA-256 is
 * stored, with the PKCE challenge (if any) that its redemption must answer.
 */
export async function issueMagicLink(
  deps: ProviderDeps,
  options: {
    owner: IdentifierOwner & Partial<Pick<Recipient, 'pending' | 'senderSessionId'>>;
    email: string;
    redirectUrl: string;
    expirationMinutes: number;
    codeChallenge: string | null;
    signup: boolean;
  },
): Promise<void> {
  const { owner, email, expirationMinutes } = options;
  const token = await createEmailToken(deps, {
    kind: 'magic_link',
    userId: owner.userId,
    emailId: owner.methodId,
    codeChallenge: options.codeChallenge,
    expirationMinutes,
    pendingEmail: owner.pending ?? null,
    senderSessionId: owner.senderSessionId ?? null,
  });
  const { name } = deps.config.project;
  const link = tokenLink(options.redirectUrl, 'magic_links', token);
  const minutes = `${expirationMinutes} minute${expirationMinutes === 1 ? '' : 's'}`;
  const action = options.signup ? `finish creating your ${name} account` : `sign in to ${name}`;
  await deps.outbox.send({
    channel: 'email',
    to: email,
    subject: options.signup ? `Finish creating your ${name} account` : `Your ${name} sign-in link`,
    text: `Open this link to ${action}:\n\n${link}\n\nIt expires in ${minutes} and works once. If you did not ask for it, you can ignore this email.`,
    links: [link],
    codes: [],
  });
}
