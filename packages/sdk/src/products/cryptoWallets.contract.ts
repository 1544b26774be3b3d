// Types of the crypto wallet endpoints. Wire names, snake_case, exactly.
import type { AuthenticateResponse, ProtectedFields, ResponseCommon, UserDevice } from '../contract/common';

/** A crypto wallet of the user (`User.crypto_wallets`). */
export interface UserCryptoWallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}

/** The wallet families the SDK sends; other strings pass through. */
export type CryptoWalletType = 'ethereum' | 'solana' | (string & {});

/** Sign-In with Ethereum (EIP-4361) message fields. */
export interface SiweParams {
  /** Defaults to the page's origin. */
  uri?: string;
  chain_id?: string;
  issued_at?: string;
  statement?: string;
  not_before?: string;
  message_request_id?: string;
  resources?: string[];
}

/** Options of `cryptoWallets.authenticateStart()`. */
export interface CryptoWalletsAuthenticateStartOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType;
  /** Sent only when the project requires SIWE and the wallet is `ethereum`. */
  siwe_params?: SiweParams;
}

/** `POST /crypto_wallets/authenticate/start/primary` or `/secondary`. */
export interface CryptoWalletsAuthenticateStartRequest extends ProtectedFields {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType;
  siwe_params?: SiweParams & { uri: string };
}

/** `data` of the start call: the message for the wallet to sign. */
export interface CryptoWalletsAuthenticateStartResponse extends ResponseCommon {
  challenge: string;
}

/** Options of `cryptoWallets.authenticate()`, also its body (plus protected fields). */
export interface CryptoWalletsAuthenticateOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType;
  /** The wallet's signature of the challenge (hex for Ethereum, base58 for Solana). */
  signature: string;
  session_duration_minutes: number;
}

/** `POST /crypto_wallets/authenticate`. */
export interface CryptoWalletsAuthenticateRequest extends CryptoWalletsAuthenticateOptions, ProtectedFields {}

/** `data` of `POST /crypto_wallets/authenticate` (`__user` stripped). */
export interface CryptoWalletsAuthenticateResponse extends AuthenticateResponse {
  user_device?: UserDevice;
}

// Its keys join the product vocabulary (src/contract/products.ts) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface WidgetProductRegister {
    crypto: true;
  }
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    crypto: true;
  }
  interface AuthenticationFactor {
    crypto_wallet_factor?: { crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string };
  }
  interface User {
    crypto_wallets: UserCryptoWallet[];
  }
  interface AccountResetItemRegister {
    crypto_wallets: true;
  }
  interface BootstrapResponse {
    siwe_required_for_crypto_wallets: boolean;
  }
  interface BootstrapData {
    siweRequiredForCryptoWallets: boolean;
  }
}
