// The kit's half of a product's descriptor: where its screens and Main-screen forms come from. The hooks'
// descriptor (`@latchkey/hooks`, products/<key>/product.ts) says what the product is; this one says how the kit
// draws it. `registry.ts` lists one per available product.
import type { MethodTab, ProductDefinition, Screen, SecondFactorDefinition } from '@latchkey/hooks';
import { type ComponentType, createElement } from 'react';
import { type Catalogue, ProductMessagesProvider } from '../messages/index';
import type { PartProps } from '../primitives/createPart';
import type { EmailFlowBinderProps } from '../screens/Main/EmailForm';

/** What every product chunk exports: its screens by name and its texts (`products/<key>/messages.ts`). */
export interface ProductChunk {
  /**
   * Every screen its flows can reach after Main, by name. The screen loaders look a screen up in the widget's
   * products' chunks (screenLoaders.ts): no list of a product's screens is in the first load.
   */
  screens: Partial<Record<Screen, ComponentType>>;
  messages?: Catalogue;
}

/** `Component` inside its product's texts, so shared parts below it (`ErrorMessage`) find them. */
export function withProductMessages<P extends object>(
  Component: ComponentType<P>,
  catalogue: Catalogue | undefined,
): ComponentType<P> {
  if (!catalogue) return Component;
  return (props: P) => createElement(ProductMessagesProvider, { value: catalogue }, createElement(Component, props));
}

/**
 * The flows an Email tab's form can have, as keys (the values are not read). Open: a product kit outside the package
 * adds its kind by declaration merging (`declare module '@latchkey/ui-unstyled' { interface EmailFormKinds {
 * myKind: true } }`).
 */
export interface EmailFormKinds {
  magicLink: true;
  otp: true;
  password: true;
}

/** The flow of the Email tab's form (`data-kind` of the Main screen's email form): a key of `EmailFormKinds`. */
export type EmailFormKind = keyof EmailFormKinds & string;

/** What the kit reads about one product (see the README, "Adding a sign-in method"). */
export interface ProductKit<C = unknown> {
  /** The hooks' descriptor of the product. */
  product: ProductDefinition;
  /**
   * Downloads the product's lazy chunk (`products/<key>/chunk.ts`), once. The chunk exports `screens`: a component
   * for each screen its flows can reach after Main.
   */
  load: () => Promise<C & ProductChunk>;
  /**
   * The form its Email tab shows when it draws that tab (see the hooks' `emailFormProduct`): a form in the first
   * chunk (`eager`), or the kit's email field bound to the flow its chunk brings (`flowFromChunk`: a binder made by
   * `createEmailFlowBinder`), so the field shows before that chunk has arrived.
   */
  emailForm?: { kind: EmailFormKind } & (
    | { eager: ComponentType }
    | { flowFromChunk: (chunk: C) => ComponentType<EmailFlowBinderProps> }
  );
  /** The form of its other tabs (the phone form of the sms and whatsapp tabs), from its chunk. */
  methodForm?: (chunk: C) => ComponentType<{ method: MethodTab }>;
  /**
   * The block it draws on the Main screen above the forms (passkeys: 'Login with a Passkey' and the warning
   * banner), from its chunk. It may put props on the email input (`EmailInputPropsContext`) with `setEmailInputProps`.
   */
  mainBlock?: (chunk: C) => ComponentType<MainBlockProps>;
  /** Its screens that can show a toast (`preloadSignIn` then loads the toaster's code with `loadToaster`). */
  toastingScreens?: readonly Screen[];
}

/** What the Main screen passes a product's block (`mainBlock`). */
export interface MainBlockProps {
  /** The Main screen's email field is on screen (its tab selected); undefined when not known. */
  isEmailFieldShown?: boolean;
  /** The props the Main screen's email input carries from the block (`undefined`: none yet). */
  emailInputProps?: PartProps<'input'>;
  /** Puts props on the Main screen's email input (`undefined` removes them). */
  setEmailInputProps?: (props: PartProps<'input'> | undefined) => void;
}

/**
 * The kit's half of a second factor's descriptor: the chunk of its screens. A sign-in store offers the registered
 * second factors (`productKeys`), so the screen loaders search this chunk with the widget's own products'.
 */
export interface SecondFactorKit {
  /** The hooks' descriptor of the second factor. */
  product: SecondFactorDefinition;
  /** Downloads its lazy chunk (`products/<key>/chunk.ts`: `screens` and `messages`), once. */
  load: () => Promise<ProductChunk>;
}

/** Declares a second factor's kit descriptor (identity, for the types). */
export function defineSecondFactorKit(kit: SecondFactorKit): SecondFactorKit {
  return kit;
}

/** Declares a product's kit descriptor (identity, for the types). */
export function defineProductKit<C>(kit: ProductKit<C>): ProductKit<C> {
  return kit;
}

/** Calls `load` once and shares its promise (forgotten if it fails, so a failed chunk download is retried). */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () => {
    promise ??= load().catch((error: unknown) => {
      promise = null;
      throw error;
    });
    return promise;
  };
}
