import { Link } from '../router';

/** Any path the playground does not know. */
export default function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="pg-page">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        Back to the <Link href="/">default kit</Link>.
      </p>
    </section>
  );
}
