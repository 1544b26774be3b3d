/**
 * This product's texts of the error catalogue (`error.<error_type>`) that any screen may show, joined into
 * messages/errors.ts (the error catalogue's own chunk, fetched after the first render) by the generated
 * messages/productErrorMessages.ts. Wording is the specification's, verbatim.
 */
export const emailMagicLinksErrorMessages = {
  'error.unable_to_auth_magic_link':
    'The magic link could not be authenticated because it was either already used or expired.',
} as const;
