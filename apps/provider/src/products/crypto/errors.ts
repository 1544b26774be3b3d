import type { ErrorCatalogue } from '../descriptor';

/** Crypto wallets' error types: those of the contract's client catalogue (`StytchAPIErrorType`). */
export const cryptoWalletsErrors = {
  invalid_crypto_wallet_address: {
    status: 400,
    message:
      'Invalid crypto wallet address: an Ethereum address is 0x and 40 hex digits (mixed case must be a valid EIP-55 checksum); a Solana address is a base58 public key of 32 bytes.',
  },
  invalid_wallet_type: { status: 400, message: 'Invalid crypto wallet type: use ethereum or solana.' },
  crypto_wallet_type_incompatible_with_siwe: {
    status: 400,
    message: 'Sign-In with Ethereum (siwe_params) is for ethereum wallets only.',
  },
  invalid_siwe_uri: {
    status: 400,
    message: "siwe_params.uri must be an http(s) URI whose origin is one of the project's allowed origins.",
  },
  invalid_siwe_chain_id: {
    status: 400,
    message: 'siwe_params.chain_id must be a positive decimal EIP-155 chain id, such as "1".',
  },
  invalid_siwe_statement: {
    status: 400,
    message:
      "siwe_params.statement must be one line of letters, digits, spaces and RFC 3986 punctuation (-._~:/?#[]@!$&'()*+,;=), as EIP-4361 has it (at most 1024 characters).",
  },
  invalid_siwe_message_request_id: {
    status: 400,
    message:
      "siwe_params.message_request_id must be RFC 3986 path characters (letters, digits, -._~!$&'()*+,;=:@ and %XX escapes), as EIP-4361 has it (at most 256 characters).",
  },
  invalid_siwe_resource: {
    status: 400,
    message:
      'Every siwe_params.resources entry must be an absolute RFC 3986 URI (ASCII without spaces or quotes, [ ] only around an IPv6 host, % only in %XX escapes).',
  },
  invalid_siwe_issued_at: {
    status: 400,
    message: 'siwe_params.issued_at must be an RFC 3339 time within five minutes of now.',
  },
  invalid_siwe_not_before: {
    status: 400,
    message: 'siwe_params.not_before must be an RFC 3339 time before the challenge expires (five minutes from now).',
  },
  siwe_message_not_valid_yet: {
    status: 400,
    message: 'The signed message is not valid yet (its Not Before time is still ahead). Try again then.',
  },
  crypto_wallet_not_found: { status: 404, message: 'Crypto wallet not found.' },
  unable_to_authenticate_crypto_wallet: {
    status: 401,
    message: 'The crypto wallet could not be authenticated: the signature does not match the challenge and address.',
  },
  duplicate_wallet_address: {
    status: 409,
    message: 'This crypto wallet belongs to another user.',
  },
} as const satisfies ErrorCatalogue;
