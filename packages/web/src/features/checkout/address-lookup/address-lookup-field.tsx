import type { IdentityAnswers, IdentityField } from '@foyer/contracts/rules';
import type { TAddressSuggestion } from '@foyer/contracts';
import { useState, type KeyboardEvent } from 'react';
import { en, format } from '../../../i18n/en.js';
import { FieldError } from '../identity-fields.js';
import { fieldLabel } from '../identity-form-model.js';
import { answerText } from '../answer-text.js';
import { retrieveAddress } from './api.js';
import { answersOf, PICKED } from './model.js';
import { useAddressSearch } from './use-address-search.js';

/**
 * The address as a search (docs/checkout.md#address-lookup address autocomplete): a combobox whose suggestions come from
 * the server's lookup; a Container drills down, an Address is retrieved and fills the address
 * fields. Any failure hands over to manual entry (`onFail`), as does the manual-entry button.
 */
export function AddressLookupField({
  id,
  field,
  answers,
  error,
  onAnswers,
  onManual,
  onFail,
}: {
  id: string;
  field: IdentityField;
  answers: IdentityAnswers;
  error?: string;
  onAnswers: (answers: IdentityAnswers) => void;
  onManual: () => void;
  onFail: (error: unknown) => void;
}) {
  const [focused, setFocused] = useState(false);
  const [container, setContainer] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [picking, setPicking] = useState(false);
  const text = typeof answers.address === 'string' ? answers.address : '';
  const country = answerText(answers, 'country');
  const search = useAddressSearch({ text, container, country, focused: focused && !answers[PICKED], onFail });
  const suggestions = search.kind === 'done' ? search.suggestions : [];
  const open = focused && !answers[PICKED] && search.kind === 'done';
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;

  const choose = async (s: TAddressSuggestion) => {
    setActive(-1);
    if (s.type !== 'Address') {
      setContainer(s.id); // a street or building: its addresses next
      return;
    }
    setPicking(true);
    try {
      const found = await retrieveAddress(s.id);
      if (!found) throw new Error('address not found');
      onAnswers(answersOf(found, country));
      setContainer(null);
    } catch (e) {
      onFail(e);
    } finally {
      setPicking(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open || !suggestions.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      void choose(suggestions[active]);
    } else if (e.key === 'Escape') {
      setContainer(null);
      setActive(-1);
    }
  };

  const status = search.kind === 'searching' || picking ? en.identityForm.addressSearching : open ? (suggestions.length ? format(en.identityForm.addressFound, { n: suggestions.length }) : en.identityForm.addressNone) : '';
  return (
    <div className="field field--wide address-lookup">
      <label htmlFor={id}>{fieldLabel(field, answers)}</label>
      <span className="field-hint" id={hintId}>
        {en.identityForm.addressSearchHint}
      </span>
      <div className="address-lookup__box">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={field.required ? 'true' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${id}-error` : hintId}
        value={text}
        maxLength={1000}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setContainer(null);
          setActive(-1);
          // Typing again un-picks the address: it must be chosen anew (docs/checkout.md#address-lookup).
          onAnswers({ address: e.target.value, [PICKED]: '' });
        }}
      />
      <ul className="address-lookup__list" id={listId} role="listbox" aria-label={fieldLabel(field, answers)} hidden={!open || !suggestions.length}>
        {suggestions.map((s, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input takes the keys (aria-activedescendant); an option only takes clicks
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`address-lookup__option${i === active ? ' address-lookup__option--active' : ''}`}
            // Keeps the focus in the field: a Container's addresses are asked only while it has it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void choose(s)}
          >
            <span className="address-lookup__text">{s.text}</span> <span className="address-lookup__description">{s.description}</span>
          </li>
        ))}
      </ul>
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
      {error && <FieldError id={`${id}-error`} text={error} />}
      <button type="button" className="button--link address-lookup__manual" onClick={onManual}>
        {en.identityForm.addressManual}
      </button>
    </div>
  );
}
