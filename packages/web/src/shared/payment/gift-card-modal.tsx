import { useId, useState, type SubmitEvent } from 'react';
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import { Modal } from '../../ui/modal.js';
import { lookupGiftCard } from './pay-api.js';
import { giftCardLookupError, giftCardProblem, isDuplicateGiftCard, normalizeGiftCard, validateGiftCardNumber, type AppliedGiftCard } from './model.js';

/** The gift-cards modal (docs/payments.md#gift-cards): a number, looked up; its balance pays part or all. */
export function GiftCardModal({ open, applied, onClose, onApplied }: { open: boolean; applied: readonly AppliedGiftCard[]; onClose: () => void; onApplied: (card: AppliedGiftCard) => void }) {
  return (
    <Modal open={open} title={en.giftCard.title} onClose={onClose}>
      <GiftCardForm applied={applied} onApplied={onApplied} />
    </Modal>
  );
}

function GiftCardForm({ applied, onApplied }: { applied: readonly AppliedGiftCard[]; onApplied: (card: AppliedGiftCard) => void }) {
  const id = useId();
  const seller = useSeller();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (checking) return;
    const invalid = validateGiftCardNumber(number);
    if (invalid) { setError(invalid); return; }
    const normalized = normalizeGiftCard(number);
    if (isDuplicateGiftCard(normalized, applied)) { setError(en.giftCard.duplicate); return; }
    setChecking(true);
    setError(null);
    try {
      const ledger = await lookupGiftCard(normalized);
      const problem = giftCardProblem(ledger);
      if (problem || !ledger) { setError(problem ?? en.giftCard.notFound); return; }
      onApplied({ number: ledger.number, balance: ledger.balance, used: false });
    } catch (e) {
      setError(giftCardLookupError(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className="dialog-body gift-card-form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor={`${id}-number`}>{en.giftCard.number}</label>
        <input
          id={`${id}-number`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={number}
          data-autofocus
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setNumber(e.target.value);
            if (error) setError(null);
          }}
        />
        <span className="field-hint" id={`${id}-hint`}>
          {en.giftCard.hint}
        </span>
        {error && (
          <span className="field-error" id={`${id}-error`} role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button" disabled={checking}>
          {checking ? en.giftCard.applying : en.giftCard.apply}
        </button>
      </div>
      {applied.length > 0 && (
        <ul className="gift-cards gift-cards--modal">
          {applied.map((g) => (
            <li key={g.number} className="muted">
              {normalizeGiftCard(g.number).slice(-4).padStart(8, '•')} · {format(en.giftCard.balance, { amount: formatMoney(g.balance, seller.currency, { zeroAsFree: false }) })}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
