import { useId, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import type { TCart, TConfigEntry, TEventTemplate } from '@foyer/contracts';
import { en, format } from '../../i18n/en.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { citypassStore } from './citypass-vouchers.js';
import { canApply, typedCodes } from './model.js';
import { CodeInput } from './code-input.js';

/** Event config web.ecommerce.citypass (docs/promotions.md#cart-modifiers): true, or { enabled: true }. */
export function citypassEnabled(config: readonly TConfigEntry[]): boolean {
  const entry = config.find((c) => c.namespace === 'web' && c.name === 'ecommerce.citypass');
  const value = entry?.value;
  return value === true || value === 'true' || (typeof value === 'object' && value !== null && (value as { enabled?: unknown }).enabled === true);
}

/** docs/promotions.md#applying-codes: the city-pass field shows when the event enables it, not for add-on events, and while the buyer has applied no code (the seller's default code does not count). */
export function citypassFieldShown(config: readonly TConfigEntry[], upsell: boolean, cart: TCart | null): boolean {
  return citypassEnabled(config) && !upsell && !(cart && typedCodes(cart).length > 0);
}

/**
 * The city-pass field (docs/promotions.md#applying-codes): only when the event enables it, not for add-on events, and while
 * no codes are on the cart. Vouchers go with the reserve; the server checks their format
 * ('Does not match the expected format. Please check your CityPASS code.') and their use, and its
 * refusal (invalid_citypass, code_exhausted) shows here, at the field (docs/promotions.md#applying-codes).
 */
export function CitypassField({ event, config, upsell }: { event: TEventTemplate; config: readonly TConfigEntry[]; upsell: boolean }) {
  const id = useId();
  const cart = useOptionalCart();
  const vouchers = useSyncExternalStore(citypassStore.subscribe, citypassStore.get, citypassStore.get);
  const refusal = useSyncExternalStore(citypassStore.subscribe, citypassStore.refusal, citypassStore.refusal);
  const [text, setText] = useState('');
  if (!citypassFieldShown(config, upsell, cart?.view?.cart ?? null)) return null;

  const add = (e: SubmitEvent) => {
    e.preventDefault();
    if (!canApply(text)) return;
    citypassStore.add(text);
    setText('');
  };

  return (
    <section className="panel citypass" aria-labelledby={`${id}-title`} data-event-id={event.id}>
      <h2 id={`${id}-title`} className="section-title">
        {en.promo.citypassTitle}
      </h2>
      <form className="promo-form" noValidate onSubmit={add}>
        <div className="field">
          <label htmlFor={`${id}-voucher`}>{en.promo.citypassField}</label>
          <div className="promo-form__row">
            <CodeInput
              id={`${id}-voucher`}
              value={text}
              invalid={!!refusal}
              describedBy={`${id}-refusal`}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button button--secondary" disabled={!canApply(text)}>
              {en.promo.citypassAdd}
            </button>
          </div>
          <span className="field-hint">{en.promo.citypassHint}</span>
          <span className="field-error" id={`${id}-refusal`} role="alert">
            {refusal ?? ''}
          </span>
        </div>
      </form>
      {vouchers.length > 0 && (
        <ul className="promo-codes__list" aria-label={en.promo.citypassList}>
          {vouchers.map((v) => (
            <li key={v} className="promo-codes__item">
              <span className="promo-chip">{v}</span>
              <button type="button" className="button button--link" aria-label={format(en.promo.removeLabel, { code: v })} onClick={() => citypassStore.remove(v)}>
                {en.promo.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
