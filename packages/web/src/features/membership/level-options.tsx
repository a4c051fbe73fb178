import type { TMembershipLevel } from '@foyer/contracts';
import { useMemo } from 'react';
import type { EventDetail } from '../../shared/events/model.js';
import { typePrice, typeKey } from '../events/public.js';

export type LevelOption = ReturnType<typeof useLevelOptions>[number];

/** The membership event's levels: each membership type with its catalog level (roles, term). */
export function useLevelOptions(detail: EventDetail, levels: TMembershipLevel[] | undefined) {
  return useMemo(
    () =>
      detail.groups
        .filter(({ group }) => group.handler === 'membership')
        .flatMap(({ group, types }) => types.map(({ type }) => ({ key: typeKey(group.id, type.id), type, level: levels?.find((l) => l.ticket_type_id === type.id) ?? null }))),
    [detail.groups, levels],
  );
}

/** One radio per level with its summary and price (buying and gifting a membership). */
export function LevelOptions({ name, legend, options, chosenKey, currency, onChoose }: { name: string; legend: string; options: LevelOption[]; chosenKey: string | null; currency: string; onChoose: (key: string) => void }) {
  return (
    <fieldset className="add-one__options membership-levels">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.key} className="add-one__option" data-ticket-type-id={option.type.id}>
          <input type="radio" name={name} value={option.key} checked={chosenKey === option.key} onChange={() => onChoose(option.key)} />
          <span className="add-one__option-text">
            <span className="add-one__option-name">{option.type.name}</span>
            {option.type.summary && <span className="add-one__option-summary">{option.type.summary}</span>}
          </span>
          <span className="add-one__option-price">{typePrice(option.type, currency).price}</span>
        </label>
      ))}
    </fieldset>
  );
}
