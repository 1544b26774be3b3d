import type { Metadata } from 'next';
import { safeNextPath } from '../../lib/config';
import { SignInPanel } from './SignInPanel';

export const metadata: Metadata = { title: 'Sign in · Latchkey with Next.js' };

/**
 * `/sign-in?next=/account`: the default kit, by email passcode. The proxy sends signed-out visitors of protected
 * pages here (and signed-in visitors on to their account), naming where they were going in `next`.
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  return (
    <>
      <h1>Sign in</h1>
      <SignInPanel next={safeNextPath(next)} />
    </>
  );
}
