// The passkey product's configuration error, a module of its own: the kits import it wherever they translate the
// error, so it joins the chunk the first load shares with the kits' lazy chunks, and the descriptor does not.

/** Shown when passkeys are the only configured product. */
export const PASSKEYS_ALONE_ERROR = 'Error: Cannot use Passkeys by itself, please add another product to the config.';
