import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { AttendeeNeeds } from '@foyer/contracts/rules';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttendeeValue } from '../src/features/events/detail/quantities/attendees.js';
import type { PriceType } from '../src/shared/events/model.js';
import { typeKey } from '../src/features/events/detail/quantities/quantities.js';
import { Attendees } from '../src/features/events/detail/quantities/ticket-forms.js';
import { ticketType } from './fixtures.js';

/**
 * Optional names (docs/events.md#attendees-and-surveys, issue 29 row 14): tickets whose only detail is an optional name are not
 * all laid out as empty forms — one such ticket asks yes/no, several ask how many are named, and
 * only that many name fields show; names of tickets no longer named are dropped. Required names
 * always show.
 */
const rule = (typeId: string, named: 'yes' | 'optional') => ({ id: `r-${typeId}`, ticket_group_id: 'g', ticket_type_id: typeId, party_role: null, named, emailed: false, min: null, max: null, _rank: 0 });
const types: PriceType[] = [
  { type: ticketType('child', 'Child', '10.00', 0), rule: rule('child', 'yes') },
  { type: ticketType('adult', 'Adult', '12.00', 1), rule: rule('adult', 'optional') },
];
const needs = new Map<string, AttendeeNeeds>([
  [typeKey('g', 'child'), { name: 'required', email: 'none' }],
  [typeKey('g', 'adult'), { name: 'optional', email: 'none' }],
]);

let latest: Record<string, AttendeeValue[]> = {};
function Form({ child, adult }: { child: number; adult: number }) {
  const [values, setValues] = useState<Record<string, AttendeeValue[]>>({});
  latest = values;
  return (
    <Attendees
      group="g"
      types={types}
      quantities={{ [typeKey('g', 'child')]: child, [typeKey('g', 'adult')]: adult }}
      needsByKey={needs}
      values={values}
      errors={{}}
      onChange={(key, index, value) =>
        setValues((prev) => {
          const list = [...(prev[key] ?? [])];
          list[index] = value;
          return { ...prev, [key]: list };
        })
      }
    />
  );
}

const legends = () => screen.queryAllByRole('group').map((g) => g.querySelector('legend')?.textContent);

afterEach(() => cleanup());

describe('optional names', () => {
  it('one ticket with an optional name: a yes/no choice, No at first; Yes shows its name fields', () => {
    render(<Form child={1} adult={1} />);
    const question = screen.getByRole('group', { name: 'Add a name to this ticket?' });
    expect(within(question).getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    // The required name shows regardless; the optional one waits for Yes.
    expect(legends()).toEqual(['Add a name to this ticket?', 'Child 1']);
    fireEvent.click(within(question).getByRole('radio', { name: 'Yes' }));
    expect(legends()).toEqual(['Add a name to this ticket?', 'Child 1', 'Adult 1']);
  });

  it('several: how many are named, 0 to all; only that many name fields show', () => {
    render(<Form child={0} adult={3} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'How many tickets would you like to name?' });
    expect([...select.options].map((o) => o.value)).toEqual(['0', '1', '2', '3']);
    expect(select.value).toBe('0');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    fireEvent.change(select, { target: { value: '2' } });
    expect(legends()).toEqual(['Adult 1', 'Adult 2']);
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
  });

  it('names of tickets no longer named are not kept', () => {
    render(<Form child={0} adult={2} />);
    const select = screen.getByRole('combobox', { name: 'How many tickets would you like to name?' });
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.input(screen.getAllByRole('textbox', { name: /First name/ })[1], { target: { value: 'Grace' } });
    expect(latest[typeKey('g', 'adult')][1]?.firstName).toBe('Grace');
    fireEvent.change(select, { target: { value: '1' } });
    expect(legends()).toEqual(['Adult 1']);
    expect(latest[typeKey('g', 'adult')][1]).toEqual({ firstName: '', lastName: '', email: '' });
  });

  it('required names are all laid out, with no question', () => {
    render(<Form child={2} adult={0} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(legends()).toEqual(['Child 1', 'Child 2']);
  });
});
