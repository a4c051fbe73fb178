import { looksLikeZip } from '@foyer/contracts/rules';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { en } from '../../i18n/en.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { applyCode } from './api.js';

/**
 * Applies a resident discount from a ZIP code (docs/promotions.md#code-groups): on blur of the zip field inside `children`
 * (the field whose id is `zipInputId`), or once for the member's own zip. Quiet: a zip without a
 * discount changes nothing and says nothing; an applied one is announced.
 */
export function ResidentZip({ zipInputId, memberZip, children }: { zipInputId?: string; memberZip?: string | null; children?: ReactNode }) {
  const cart = useOptionalCart();
  const [announce, setAnnounce] = useState('');
  const tried = useRef(new Set<string>());
  const cartId = cart?.view?.cart.id ?? null;

  const tryZip = async (zip: string) => {
    const text = zip.trim().toUpperCase();
    if (!cart || !cartId || !looksLikeZip(text) || tried.current.has(text)) return;
    if ((cart.view?.cart.promo_codes ?? []).some((c) => c.phase === 'zip' && c.code.replace(/\s+/g, ' ') === text.replace(/\s+/g, ' '))) return;
    tried.current.add(text);
    try {
      cart.store.accept(await applyCode(cartId, text, { handler: 'zip' }));
      setAnnounce(en.promo.residentApplied);
    } catch {
      /* no resident discount for this zip: nothing to say */
    }
  };

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- tries the member's own ZIP once per member and cart, as a typed one is; its text follows the server's answer
    if (memberZip) void tryZip(memberZip);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per member zip and cart
  }, [memberZip, cartId]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (zipInputId && target.id === zipInputId) void tryZip(target.value);
  };

  return (
    <div onBlur={onBlur} className="resident-zip">
      {children}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </div>
  );
}
