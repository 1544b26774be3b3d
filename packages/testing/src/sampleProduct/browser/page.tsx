// The sample's browser page (built by sampleProduct.browser.test.ts with esbuild and ../esbuildPlugin.ts, which swaps
// the SDK's, the hooks' and the kit's registries): ui-default's real <SignIn> offering only the sample product, its
// styles beside the kit's. The provider's URL and the public token come in the page's query string.
import '@latchkey/ui-default/styles.css';
import '../styles.css';
import { LatchkeyProvider } from '@latchkey/hooks';
import { createClient } from '@latchkey/sdk';
import { SignIn } from '@latchkey/ui-default';
import { createRoot } from 'react-dom/client';

const query = new URLSearchParams(window.location.search);
const client = createClient(query.get('token') ?? '', { apiBaseUrl: query.get('api') ?? '' });
// 'securityQuestion' is a `WidgetProduct` by the sample's declaration merging (hooks/product.ts).
const config = { products: ['securityQuestion' as const] };

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <LatchkeyProvider client={client}>
      <main>
        <h1>Sample product</h1>
        <SignIn config={config} />
      </main>
    </LatchkeyProvider>,
  );
}
