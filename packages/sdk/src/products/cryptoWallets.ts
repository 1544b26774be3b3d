import type { ClientContext } from '../internal/context';
import type {
  CryptoWalletsAuthenticateOptions,
  CryptoWalletsAuthenticateResponse,
  CryptoWalletsAuthenticateStartOptions,
  CryptoWalletsAuthenticateStartResponse,
  SiweParams,
} from './cryptoWallets.contract';

/** The `cryptoWallets` namespace: a challenge for the wallet to sign, then sign-in with the signature. */
function createCryptoWallets(ctx: ClientContext) {
  const { validate } = ctx.shared;
  return {
    /**
     * Asks for the message the wallet must sign. Adds a second factor when this tab holds a session.
     * With SIWE required by the project, Ethereum wallets get `siwe_params` (`uri` defaults to the page's origin).
     */
    async authenticateStart(
      options: CryptoWalletsAuthenticateStartOptions,
    ): Promise<CryptoWalletsAuthenticateStartResponse> {
      const method = 'cryptoWallets.authenticateStart';
      validate(method)
        .isString('crypto_wallet_address', options?.crypto_wallet_address)
        .isString('crypto_wallet_type', options?.crypto_wallet_type)
        .isOptionalObject('siwe_params', options?.siwe_params)
        .isOptionalString('siwe_params.uri', options?.siwe_params?.uri)
        .isOptionalStringArray('siwe_params.resources', options?.siwe_params?.resources);
      const { crypto_wallet_address, crypto_wallet_type, siwe_params } = options;
      const settings = await ctx.bootstrap.getAsync();
      const sendSiwe = settings.siweRequiredForCryptoWallets && crypto_wallet_type === 'ethereum';
      const siwe: (SiweParams & { uri: string }) | undefined = sendSiwe
        ? { ...siwe_params, uri: siwe_params?.uri ?? ctx.environment.location.origin }
        : undefined;
      return ctx.call<CryptoWalletsAuthenticateStartResponse>({
        method: 'POST',
        path: `/crypto_wallets/authenticate/start/${ctx.primaryOrSecondary()}`,
        body: { crypto_wallet_address, crypto_wallet_type, siwe_params: siwe },
        protection: 'captcha',
      });
    },

    /** Signs in with the wallet's signature of the challenge from `authenticateStart`. */
    async authenticate(options: CryptoWalletsAuthenticateOptions): Promise<CryptoWalletsAuthenticateResponse> {
      const method = 'cryptoWallets.authenticate';
      validate(method)
        .isString('crypto_wallet_address', options?.crypto_wallet_address)
        .isString('crypto_wallet_type', options?.crypto_wallet_type)
        .isString('signature', options?.signature)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { crypto_wallet_address, crypto_wallet_type, signature, session_duration_minutes } = options;
      return ctx.call<CryptoWalletsAuthenticateResponse>({
        method: 'POST',
        path: '/crypto_wallets/authenticate',
        body: { crypto_wallet_address, crypto_wallet_type, signature, session_duration_minutes },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'optional',
      });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createCryptoWallets as create };
