import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WalletProvider } from '@foyer/contracts/constants';
import { format } from '../../i18n/en.js';
import { WALLET_TEXT } from './wallet-texts.js';
import { walletPassUrl, walletPrecheckQuery, type WalletTarget } from './api.js';

export interface WalletButtonsProps extends WalletTarget {
  /** A member card's pass: its member ID names the links (My Account shows a pair per card). */
  memberCardId?: string;
}

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" (docs/wallet-passes.md#what-has-a-pass Order complete wallet links, My
 * Account): each only when walletprecheck says the wallet is offered for this order; nothing while
 * it loads or when it fails (the tickets page and e-mail still have the codes). The badges
 * approximate the official ones with CSS and inline SVG, no external assets.
 */
export function WalletButtons({ memberCardId, ...target }: WalletButtonsProps) {
  const itemName = memberCardId ? format(WALLET_TEXT.memberCard, { id: memberCardId }) : undefined;
  const query = useQuery(walletPrecheckQuery(target));
  const offered = (query.data?.wallet_precheck._data ?? []).filter((p) => p.ok).map((p) => p.provider);
  if (!offered.length) return null;
  return (
    <div className="wallet-buttons" role="group" aria-label={itemName ? format(WALLET_TEXT.groupOf, { item: itemName }) : WALLET_TEXT.group}>
      {offered.map((provider) => (
        <WalletBadge key={provider} provider={provider} href={walletPassUrl(provider, target)} itemName={itemName} />
      ))}
    </div>
  );
}

function WalletBadge({ provider, href, itemName }: { provider: WalletProvider; href: string; itemName?: string }) {
  const text = provider === 'apple' ? WALLET_TEXT.apple : WALLET_TEXT.google;
  const label = itemName ? format(provider === 'apple' ? WALLET_TEXT.appleItem : WALLET_TEXT.googleItem, { item: itemName }) : undefined;
  return (
    <a className={`wallet-badge wallet-badge--${provider}`} href={href} aria-label={label} data-provider={provider}>
      {provider === 'apple' ? <AppleWalletGlyph /> : <GoogleWalletGlyph />}
      <span className="wallet-badge__text">
        <span className="wallet-badge__lead">{text.lead}</span> <span className="wallet-badge__name">{text.name}</span>
      </span>
    </a>
  );
}

/** The badges' glyph box: both wallets draw in the same 32 × 24 frame, hidden from assistive technology (the text names the wallet). */
function GlyphFrame({ children }: { children: ReactNode }) {
  return (
    <svg className="wallet-badge__glyph" viewBox="0 0 32 24" width="32" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Wallet's stacked cards. */
function AppleWalletGlyph() {
  return (
    <GlyphFrame>
      <rect x="1" y="1" width="30" height="22" rx="4" fill="#d9d9d9" />
      <rect x="1" y="4" width="30" height="6" rx="2" fill="#3ba3e3" />
      <rect x="1" y="8" width="30" height="6" rx="2" fill="#f4b400" />
      <rect x="1" y="12" width="30" height="6" rx="2" fill="#e8453c" />
      <path d="M1 15h9c2 0 3 3 6 3s4-3 6-3h9v4a4 4 0 0 1-4 4H5a4 4 0 0 1-4-4z" fill="#f2f2f2" />
    </GlyphFrame>
  );
}

/** Google Wallet's four-colour card stack. */
function GoogleWalletGlyph() {
  return (
    <GlyphFrame>
      <rect x="2" y="1" width="28" height="10" rx="3" fill="#ea4335" />
      <rect x="2" y="5" width="28" height="10" rx="3" fill="#fbbc04" />
      <rect x="2" y="9" width="28" height="10" rx="3" fill="#34a853" />
      <path d="M2 13h10c2 0 3 3 4 3s2-3 4-3h10v7a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3z" fill="#4285f4" />
    </GlyphFrame>
  );
}
