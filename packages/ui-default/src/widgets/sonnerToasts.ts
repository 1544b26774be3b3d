import { createSonnerToaster, SonnerToasts } from '../toaster';
import type { WidgetToasts } from './themedWidget';

/** The sonner toasts of the themed sign-in widgets (`themedWidget`'s `toasts`). */
export const sonnerToasts: WidgetToasts = { create: createSonnerToaster, Toasts: SonnerToasts };
