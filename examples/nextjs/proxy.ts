// The proxy (Next.js 16's name for middleware: `middleware.ts` exporting `middleware` in Next.js 15 and before;
// the body is the same). It runs before a page renders, on the Node.js runtime in Next.js 16 (on the edge runtime
// by default in Next.js 15's middleware; @latchkey/server needs only `fetch` and Web Crypto, so it works on both).
//
// An optimistic check that saves a render: a signed-out visitor of /account goes to /sign-in, a signed-in visitor
// of /sign-in goes on to where they were going (`?next=`, else /account). The pages and route handlers still
// verify the session themselves.
import { type NextRequest, NextResponse } from 'next/server';
import { safeNextPath } from './lib/config';
import { currentSession } from './lib/session';

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  let signedIn: boolean;
  try {
    // The request itself, not `request.cookies`: that store keeps one copy of a cookie sent twice.
    signedIn = (await currentSession(request)) !== null;
  } catch {
    // The provider's keys could not be fetched: no answer here. The page checks again and shows its own error.
    return NextResponse.next();
  }

  if (pathname === '/sign-in') {
    if (!signedIn) return NextResponse.next();
    return NextResponse.redirect(new URL(safeNextPath(request.nextUrl.searchParams.get('next')), request.url));
  }
  if (signedIn) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  signIn.searchParams.set('next', `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

// The protected pages, and the sign-in page. Not /api: route handlers answer 401 themselves.
export const config = { matcher: ['/account/:path*', '/sign-in'] };
