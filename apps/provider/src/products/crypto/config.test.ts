// The crypto-wallet part of the configuration (`project.cryptoWallets`), as parseConfig reads it.
import { describe, expect, it } from 'vitest';
import { configProblem as problem } from '../../../test/configProblem';
import { parseConfig } from '../../config';

describe('parseConfig: project.cryptoWallets', () => {
  it('takes project.cryptoWallets (wallet types, Solana cluster) and refuses an unknown type, cluster or key', () => {
    expect(parseConfig({ project: { cryptoWallets: { solanaChainId: 'devnet' } } }).project.cryptoWallets).toEqual({
      types: ['ethereum', 'solana'],
      solanaChainId: 'devnet',
    });
    expect(parseConfig({ project: { cryptoWallets: { types: ['solana'] } } }).project.cryptoWallets).toEqual({
      types: ['solana'],
      solanaChainId: 'mainnet',
    });
    expect(problem({ project: { cryptoWallets: { types: ['bitcoin'] } } })).toMatch(
      /project\.cryptoWallets\.types\.0: /,
    );
    expect(problem({ project: { cryptoWallets: { solanaChainId: 'solana:mainnet' } } })).toMatch(
      /project\.cryptoWallets\.solanaChainId: /,
    );
    // Ethereum challenges are always Sign-In with Ethereum: the switch of earlier versions is gone.
    expect(problem({ project: { cryptoWallets: { siweRequired: true } } })).toMatch(
      /project\.cryptoWallets: Unrecognized key/,
    );
  });
});
