// The product vocabulary's types, shared by the kits and the provider, open by declaration merging: the widget
// configures products by the keys of its config (`WidgetProduct`); the /sdk/v1 contract and the provider's project
// config name what a project switches on (`ContractProduct`). The core names none of them: each product's contract
// (`src/products/<namespace>.contract.ts`) registers its own keys, and a product outside this package registers
// its own the same way (`declare module '@latchkey/sdk/contract' { interface WidgetProductRegister { myProduct: true } }`).
// The mapping between the two (CONTRACT_PRODUCTS, contractProductsOf) is src/products/vocabulary.public.ts.

/**
 * The sign-in methods a project can switch on (provider config `project.products`, bootstrap), by name: each
 * product's contract adds its own (`interface ContractProductRegister { email_otp: true }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by each product's contract (declaration merging).
export interface ContractProductRegister {}
/** One sign-in method a project can switch on: a key of `ContractProductRegister`. */
export type ContractProduct = keyof ContractProductRegister;

/**
 * The products of the widget's configuration (`products`), by config key: each product's contract adds its own
 * (`interface WidgetProductRegister { otp: true }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by each product's contract (declaration merging).
export interface WidgetProductRegister {}
/** A product of the widget's configuration (`products`): a key of `WidgetProductRegister`. */
export type WidgetProduct = keyof WidgetProductRegister;
