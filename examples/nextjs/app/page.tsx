import Link from 'next/link';

export default function HomePage() {
  return (
    <>
      <h1>Latchkey with Next.js</h1>
      <p>
        <Link href="/sign-in">Sign in</Link> with a passcode sent to your email, then open your{' '}
        <Link href="/account">account</Link>: a page the server renders only for a verified session.
      </p>
      <p>
        <a href="/api/me">
          <code>/api/me</code>
        </a>{' '}
        answers your session as JSON, or 401 when you are signed out.
      </p>
    </>
  );
}
