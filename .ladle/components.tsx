// Ladle's global provider: every story renders inside a LatchkeyProvider whose client never reaches a network
// (`createOfflineClient` from @latchkey/testing/offline-client, packages/testing/src/stories/offlineClient.ts), so screens that call hooks render without a running provider. The `Default/*` stories add
// the default kit's root and stylesheet themselves (packages/ui-default/src/stories/withTheme.tsx).
import type { GlobalProvider } from '@ladle/react';
import { LatchkeyProvider } from '@latchkey/hooks';
import { createOfflineClient } from '@latchkey/testing/offline-client';

// One client per page: the SDK warns about a second client for the same token.
const client = createOfflineClient();

export const Provider: GlobalProvider = ({ children }) => (
  <LatchkeyProvider client={client}>{children}</LatchkeyProvider>
);
