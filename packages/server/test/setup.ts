// After each test, the providers `startProvider` started are closed and their databases dropped (vitest `setupFiles`).
import { closeStartedProviders } from '@latchkey/provider/testing';
import { afterEach } from 'vitest';

afterEach(closeStartedProviders);
