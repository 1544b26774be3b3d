// The wallets' icons, drawn by us: the icon a wallet announces (EIP-6963 `info.icon`, a data: URL from the page) is
// never rendered, so a wallet cannot put its own markup or a look-alike of another wallet into the widget. Binance,
// Ethereum and Solana are simple-icons' (CC0). simple-icons has no MetaMask, Phantom or Vessel, and its Coinbase is
// the wordmark, unreadable at 20 px, so those four are small glyphs of our own. In the crypto chunk only: a page
// without wallets never downloads them.
import type { WalletOption } from '@latchkey/hooks';
import { forwardRef, type SVGProps } from 'react';
import { siBinance, siEthereum, siSolana } from 'simple-icons';

// Our glyphs, on simple-icons' 24 × 24 grid, with holes (eyes) cut by the even-odd rule.
/** A fox's head with two eyes. */
const FOX = 'M2 3l7.5 4h5L22 3l-1.5 8 1.5 4-6 6-4-1.5L8 21l-6-6 1.5-4zM7 11l3.5 1.5L8 14zm10 0-3.5 1.5L16 14z';
/** A ghost with two eyes. */
const GHOST =
  'M12 3C7.6 3 4 6.6 4 11v9.5l2.7-2 2.6 2 2.7-2 2.7 2 2.6-2 2.7 2V11c0-4.4-3.6-8-8-8zM9.5 8.9a1.2 1.6 0 1 0 0 3.2 1.2 1.6 0 1 0 0-3.2zm5 0a1.2 1.6 0 1 0 0 3.2 1.2 1.6 0 1 0 0-3.2z';
/** A thick 'C'. */
const LETTER_C = 'M18.9 6.2A9 9 0 1 0 18.9 17.8L15.4 14.9A4.5 4.5 0 1 1 15.4 9.1z';
/** A 'V'. */
const LETTER_V = 'M3 4h4.6L12 14.2 16.4 4H21l-7 16h-4z';

const OWN_GLYPHS = new Set([FOX, GHOST, LETTER_C, LETTER_V]);

const GLYPHS: Readonly<Record<WalletOption, string>> = {
  Phantom: GHOST,
  Vessel: LETTER_V,
  Binance: siBinance.path,
  Coinbase: LETTER_C,
  Metamask: FOX,
  'Other Ethereum Wallet': siEthereum.path,
  'Other Solana Wallet': siSolana.path,
};

/** Props of `WalletIcon`: an `<svg>`'s, and the wallet option it draws. */
export interface WalletIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  wallet: WalletOption;
}

/**
 * A wallet option's icon: a decorative `<svg data-part="wallet-icon" data-wallet="<option>">` (hidden from
 * assistive technology; the button or link around it names the wallet), drawn in `currentColor`, 20 px.
 */
export const WalletIcon = forwardRef<SVGSVGElement, WalletIconProps>(function WalletIcon({ wallet, ...props }, ref) {
  return (
    <svg
      data-part="wallet-icon"
      data-wallet={wallet}
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="currentColor"
      {...props}
      ref={ref}
    >
      {/* simple-icons' paths are drawn with the default (non-zero) rule; ours cut their holes even-odd */}
      <path d={GLYPHS[wallet]} fillRule={OWN_GLYPHS.has(GLYPHS[wallet]) ? 'evenodd' : undefined} />
    </svg>
  );
});
