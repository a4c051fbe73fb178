// Sample data of the component viewer (/_stories): plain objects shaped like the server's answers.
import { identityForm } from '@foyer/contracts/rules';
import type { TCalendarDay, TTicketGroup, TTicketGroupRule, TTicketType } from '@foyer/contracts';
import type { PriceGroup } from '../../shared/events/model.js';

const type = (id: string, name: string, amount: string, over: Partial<TTicketType> = {}): TTicketType => ({
  id, name, summary: null, description: null, currency_amount: amount, currency_amount_min: null, currency_amount_max: null, discounted_amount: null, fee_fixed_outside: null, fee_percent_outside: null, _rank: 0, ...over,
});
const rule = (typeId: string, groupId: string): TTicketGroupRule => ({ id: `${groupId}-${typeId}`, ticket_group_id: groupId, ticket_type_id: typeId, party_role: null, named: 'no', emailed: false, min: null, max: null, _rank: 0 });
const group = (id: string, name: string, over: Partial<TTicketGroup> = {}): TTicketGroup =>
  ({
    id, event_template_id: 'story-event', name, description: null, handler: 'tickets', hidden_type: 'public_browsable', min_tickets_per_order: null, max_tickets_per_order: 10, capacity: -1, oversell_capacity: 0,
    used_capacity: 0, exclude_from_event_capacity: false, sold_out: false, color: null, start_policy: null, start_policy_date: null, duration_new: null, additional_info_spec: null, sales_start: null,
    sales_end: null, meta: {}, price: null, originalPrice: null, types: [], summary: null, _rank: 0, ...over,
  });

export const PRICE_GROUPS: PriceGroup[] = [
  {
    group: group('g-general', 'General admission', { summary: 'Timed entry to every gallery.', min_tickets_per_order: 1 }),
    types: [
      { type: type('t-adult', 'Adult', '24.00'), rule: rule('t-adult', 'g-general') },
      { type: type('t-senior', 'Senior', '24.00', { discounted_amount: '18.00', summary: '65 and over' }), rule: rule('t-senior', 'g-general') },
      { type: type('t-child', 'Child', '0.00', { summary: 'Under 12' }), rule: rule('t-child', 'g-general') },
    ],
  },
  {
    group: group('g-members', 'Members', { hidden_type: 'public_member_only' }),
    types: [{ type: type('t-donation', 'Pay what you wish', '10.00', { currency_amount_min: '5.00', currency_amount_max: '100.00' }), rule: rule('t-donation', 'g-members') }],
  },
];

/** The quantity rows (docs/events.md#field-rules): the price list's types, and a group with no room left (its row "None left"). */
export const QUANTITY_GROUPS: PriceGroup[] = [...PRICE_GROUPS, { group: group('g-late', 'Late entry'), types: [{ type: type('t-late', 'Late entry', '12.00'), rule: rule('t-late', 'g-late') }] }];
export const QUANTITY_ROOM = new Map([['g-late', 0]]);

/** A month of days from `today`: open, a few sold out, with a price. */
export function calendarDays(today: Date): TCalendarDay[] {
  return Array.from({ length: 28 }, (_, i) => {
    const d = new Date(today.getTime() + i * 86_400_000);
    return { date: d.toISOString().slice(0, 10), status: i % 9 === 4 ? 'sold_out' : 'available', min_price: '24.00' };
  });
}

export const FORM = identityForm([{ key: 'address', required: true }, { key: 'city', required: true }, { key: 'member_of', label: 'Membership society', required: true }, { key: 'newsletter', type: 'checkbox', label: 'Send me the newsletter' }]);
