import '../styles/unstyled-skin.css';
import { SignIn } from '@latchkey/ui-unstyled';
import { useMemo } from 'react';
import { searchFromSettings, settingsFromSearch, signInConfig } from '../kitConfig';
import { Link, useLocation } from '../router';

/**
 * `/unstyled`: the unstyled kit, reskinned by styles/unstyled-skin.css, which selects only on the kit's
 * `data-scope` / `data-part` / `data-*` attributes. Takes the same query as `/`.
 */
export default function UnstyledKitPage() {
  const { search } = useLocation();
  const settings = useMemo(() => settingsFromSearch(search), [search]);
  const config = useMemo(() => signInConfig(settings), [settings]);
  return (
    <section aria-labelledby="unstyled-title" className="pg-page">
      <h1 id="unstyled-title">Unstyled kit</h1>
      <p className="pg-note">
        The same screens as the <Link href={`/${searchFromSettings(settings)}`}>default kit</Link>, from{' '}
        <code>@latchkey/ui-unstyled</code>, dressed by the playground's own stylesheet through the{' '}
        <code>data-scope</code>/<code>data-part</code> contract. It takes the same query (
        <code>{searchFromSettings(settings)}</code>).
      </p>
      <div className="pg-skin">
        <SignIn key={searchFromSettings(settings)} config={config} />
      </div>
    </section>
  );
}
