import { lazy, Suspense } from 'react';
import type { WalletButtonsProps } from './wallet-buttons.js';

// The buttons and their precheck load after the page: they are extras, never in a page's first JS.
const WalletButtons = lazy(() => import('./wallet-buttons.js').then((m) => ({ default: m.WalletButtons })));

/** Wallet buttons of an order, a ticket or a member card, loaded on demand (see wallet-buttons.tsx). */
export function LazyWalletButtons(props: WalletButtonsProps) {
  return (
    <Suspense fallback={null}>
      <WalletButtons {...props} />
    </Suspense>
  );
}
