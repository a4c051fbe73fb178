import type { TTicketType } from '@foyer/contracts';
import { useId } from 'react';
import { en, format } from '../../../../i18n/en.js';
import { MinusIcon, PlusIcon } from '../../../../ui/icons.js';
import { DescriptionButton } from '../description/description-modal.js';
import { isFlexiblePrice } from '@foyer/contracts/rules';
import { FLEXIBLE_PRICE_STEP } from './flexible-price.js';
import type { PriceType } from '../../../../shared/events/model.js';
import { advertisesFees, currencySymbol, priceText, typePrice } from '../price-format.js';
import { useConfigEntries } from '../../../../config/use-config.js';
import { canIncrease, decrease, increase, setQuantity, type Quantities, type QuantityLimits } from './quantities.js';
import { PriceWithOriginal } from '../price-with-original.js';

/** What every row of the quantities reads and sets: the limits, the quantities chosen, their currency, the setter. */
export interface QuantityRowFields {
  limits: QuantityLimits;
  quantities: Quantities;
  currency: string;
  onQuantities: (next: Quantities) => void;
}

/** One ticket type: name, summary, price, the − n + stepper and, once chosen, its flexible amount. */
export function QuantityRow({
  priceType,
  typeKeyValue: key,
  fields,
  invalidGroup,
  amount,
  amountError,
  onAmount,
}: {
  priceType: PriceType;
  typeKeyValue: string;
  fields: QuantityRowFields;
  invalidGroup?: string;
  amount: string | undefined;
  amountError: string | undefined;
  onAmount: (value: string) => void;
}) {
  const { type } = priceType;
  const { limits, quantities, currency, onQuantities: onChange } = fields;
  const id = useId();
  const q = quantities[key] ?? 0;
  const limit = limits.types.get(key);
  const flexible = isFlexiblePrice(type);
  const { price, original } = typePrice(type, currency, advertisesFees(useConfigEntries()));
  const more = canIncrease(limits, quantities, key);
  const unavailable = !limit || limit.max === 0;
  return (
    <li className={`qty-row${unavailable ? ' qty-row--unavailable' : ''}`} data-ticket-type-id={type.id}>
      <div className="qty-row__main">
        <div className="qty-row__info">
          <span className="qty-row__name" id={`${id}-name`}>
            {type.name}
          </span>
          {type.summary && <span className="qty-row__summary">{type.summary}</span>}
          {type.description && <DescriptionButton title={type.name} html={type.description} />}
          <span className="qty-row__price">
            <PriceWithOriginal price={price} original={original} />
          </span>
          {unavailable ? (
            <span className="qty-row__note">{en.quantities.remainingNone}</span>
          ) : (
            priceType.rule.max !== null && priceType.rule.max > 0 && <span className="qty-row__limit">{format(en.quantities.typeMax, { n: priceType.rule.max })}</span>
          )}
        </div>
        <div className="stepper" role="group" aria-labelledby={`${id}-name`}>
          <button type="button" className="stepper__button" aria-label={format(en.quantities.decrease, { type: type.name })} disabled={q <= 0} onClick={() => onChange(decrease(limits, quantities, key))}>
            <MinusIcon />
          </button>
          <input
            className="stepper__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={limit?.max ?? 0}
            step={1}
            value={q}
            aria-label={format(en.quantities.quantityLabel, { type: type.name })}
            aria-invalid={invalidGroup ? true : undefined}
            aria-describedby={invalidGroup}
            disabled={unavailable && q === 0}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => onChange(setQuantity(limits, quantities, key, e.currentTarget.value === '' ? 0 : Number(e.currentTarget.value)))}
          />
          <button type="button" className="stepper__button" aria-label={format(en.quantities.increase, { type: type.name })} disabled={!more} onClick={() => onChange(increase(limits, quantities, key))}>
            <PlusIcon />
          </button>
        </div>
      </div>
      {flexible && q > 0 && <AmountField type={type} currency={currency} value={amount} error={amountError} onChange={onAmount} className="qty-row__amount" />}
    </li>
  );
}

/** A flexible amount (docs/events.md#field-rules): number, step 0.01, the range as a hint, required. */
export function AmountField({
  type,
  currency,
  value,
  error,
  onChange,
  className,
  label,
}: {
  type: Pick<TTicketType, 'name' | 'currency_amount_min' | 'currency_amount_max'>;
  currency: string;
  value: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
  className?: string;
  label?: string;
}) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={`${id}-amount`}>{label ?? format(en.quantities.amountLabel, { type: type.name })}</label>
      <div className="amount-input">
        <span aria-hidden="true" className="amount-input__prefix">
          {currencySymbol(currency)}
        </span>
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step={FLEXIBLE_PRICE_STEP}
          min={type.currency_amount_min ?? undefined}
          max={type.currency_amount_max ?? undefined}
          required
          value={value ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-amount-hint${error ? ` ${id}-amount-error` : ''}`}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </div>
      <span className="field-hint" id={`${id}-amount-hint`}>
        {format(en.quantities.amountHint, {
          min: priceText(type.currency_amount_min, currency, { zeroAsFree: false }),
          max: priceText(type.currency_amount_max, currency, { zeroAsFree: false }),
        })}
      </span>
      {error && (
        <span className="field-error" id={`${id}-amount-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
