import type { BootstrapData } from '@latchkey/sdk';
import { useSyncExternalStore } from 'react';
import { useLatchkeyClient } from './LatchkeyProvider';

/**
 * The project's settings (camelCase: `projectName`, `displayWatermark`, `emailDomains`, `passwordConfig`…):
 * the cached or default settings at first, then the provider's answer as soon as it arrives.
 */
export function useBootstrap(): BootstrapData {
  const client = useLatchkeyClient();
  return useSyncExternalStore(client.bootstrap.subscribe, client.bootstrap.getSnapshot, client.bootstrap.getSnapshot);
}
