import { attendeeEmailProblem, attendeeNameMissing, attendeeNeeds, checkFlexibleAmount, ruleMax } from '@foyer/contracts/rules';
import { AppError } from '../http/app-error.js';

/** Pure checks of docs/events.md#field-rules over what a cart would hold after a change. No I/O. */

export interface HeldLine {
  ticketTypeId: string;
  groupId: string;
  sessionId: string | null;
}

export interface GroupLimits {
  id: string;
  name: string;
  min_tickets_per_order: number | null;
  max_tickets_per_order: number | null;
}

export interface TypeRule {
  ticket_group_id: string;
  ticket_type_id: string;
  named: string;
  min: number | null;
  max: number | null;
}

function countBy<T>(items: T[], key: (t: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

/**
 * Order limits per group and session, and per ticket type: checked only where the change touched
 * (a cart that was valid before stays valid for what it did not change).
 */
export function checkOrderLimits(held: HeldLine[], touched: Set<string>, groups: Map<string, GroupLimits>, rules: TypeRule[]) {
  const groupCounts = countBy(held, (l) => `${l.groupId}|${l.sessionId ?? ''}`);
  for (const [key, n] of groupCounts) {
    const [groupId] = key.split('|');
    if (!touched.has(key)) continue;
    const g = groups.get(groupId);
    if (!g) continue;
    if (g.max_tickets_per_order !== null && n > g.max_tickets_per_order) {
      throw new AppError(400, 'max_tickets_per_order_exceeded', `You can book at most ${g.max_tickets_per_order} tickets for ${g.name} in one order.`, 'reserve', { ticket_group_id: g.id, max: g.max_tickets_per_order });
    }
    if (g.min_tickets_per_order !== null && n < g.min_tickets_per_order) {
      throw new AppError(400, 'min_tickets_per_order_not_met', `Please book at least ${g.min_tickets_per_order} tickets for ${g.name}.`, 'reserve', { ticket_group_id: g.id, min: g.min_tickets_per_order });
    }
  }
  const typeCounts = countBy(held, (l) => `${l.groupId}|${l.sessionId ?? ''}|${l.ticketTypeId}`);
  for (const [key, n] of typeCounts) {
    const [groupId, sessionId, typeId] = key.split('|');
    if (!touched.has(`${groupId}|${sessionId}`)) continue;
    const rule = rules.find((r) => r.ticket_group_id === groupId && r.ticket_type_id === typeId);
    if (!rule) continue;
    const max = ruleMax(rule);
    if (n > max) {
      throw new AppError(400, 'max_tickets_per_order_exceeded', `You can book at most ${max} of this ticket type in one order.`, 'reserve', { ticket_type_id: typeId, max });
    }
    if (rule.min !== null && rule.min > 0 && n < rule.min) {
      throw new AppError(400, 'min_tickets_per_order_not_met', `Please book at least ${rule.min} of this ticket type.`, 'reserve', { ticket_type_id: typeId, min: rule.min });
    }
  }
}

/** A chosen amount for a flexible price: positive, at most 2 decimals, inside [min, max]. Minor units. */
export function checkFlexiblePrice(raw: unknown, min: number, max: number): number {
  const checked = checkFlexibleAmount(raw, min, max);
  if ('minor' in checked) return checked.minor;
  if (checked.problem === 'outside') {
    throw new AppError(400, 'validation_failed', 'Value entered is outside min/max', 'reserve', { field: 'face_value', min, max });
  }
  throw new AppError(400, 'validation_failed', 'Enter an amount with at most 2 decimal places.', 'reserve', { field: 'face_value' });
}

/** The meta of a group or event as stored (a JSON object), for the attendee rule. */
const metaOf = (json: string | null | undefined) => {
  try {
    const value: unknown = json ? JSON.parse(json) : null;
    return { meta: value && typeof value === 'object' ? (value as Record<string, unknown>) : null };
  } catch {
    return { meta: null };
  }
};

/**
 * Attendee details the group's rule asks for (named yes → a name; emailed → an e-mail), and those
 * the group's or event's meta asks for (`admit_names` / `admit_emails`: "required" or "optional").
 */
export function checkAttendee(rule: TypeRule & { emailed: number; group_meta?: string | null; event_meta?: string | null }, admitName: string | null | undefined, admitEmail: string | null | undefined) {
  const needs = attendeeNeeds(rule, metaOf(rule.group_meta), metaOf(rule.event_meta));
  if (attendeeNameMissing(needs.name, admitName)) {
    throw new AppError(400, 'validation_failed', 'Please enter the name of each attendee.', 'reserve', { field: 'admit_name' });
  }
  const email = attendeeEmailProblem(needs.email, admitEmail);
  if (email === 'required') {
    throw new AppError(400, 'validation_failed', 'Please enter the e-mail address of each attendee.', 'reserve', { field: 'admit_email' });
  }
  if (email === 'invalid') {
    throw new AppError(400, 'validation_failed', 'Please enter a valid e-mail address.', 'reserve', { field: 'admit_email' });
  }
}
