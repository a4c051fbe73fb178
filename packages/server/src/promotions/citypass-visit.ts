import { PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import { sessionStartsWithZone } from './promotions.repository.js';
import type { TicketTable } from '../db/schema.js';
import { formatInZone } from '../time/venue-time.js';
import { AppError } from '../http/app-error.js';
import { DATE_TIME_FORMAT } from '@foyer/contracts/rules';

/**
 * A city-pass voucher's pre-reserved visit (`handler_data.visit_datetime`, docs/promotions.md):
 * an ISO date-time that a session of the cart's tickets must start at (the same instant). Answers
 * the visit as UTC ISO, or null when the entry names none; refuses with `invalid_citypass`.
 */
export async function checkCitypassVisit(tx: Tx, entry: unknown, voucher: string, tickets: readonly Selectable<TicketTable>[]): Promise<string | null> {
  const data = typeof entry === 'object' && entry !== null ? (entry as { handler_data?: Record<string, unknown> }).handler_data : undefined;
  const raw = data?.visit_datetime;
  if (raw === undefined || raw === null || raw === '') return null;
  const at = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw) ? Date.parse(raw) : NaN;
  const refuse = (text: string): never => {
    throw new AppError(400, 'invalid_citypass', text, 'promo_code', { code: voucher, handler: 'citypass', visit_datetime: raw });
  };
  if (Number.isNaN(at)) refuse(PROMO_TEXT.citypassVisitFormat);
  const visit = new Date(at).toISOString();
  const sessionIds = [...new Set(tickets.map((t) => t.event_session_id).filter((id): id is string => !!id))];
  const sessions = sessionIds.length
    ? await sessionStartsWithZone(tx, sessionIds)
    : [];
  if (!sessions.some((s) => Date.parse(s.start_datetime) === at)) {
    const tz = sessions[0]?.timezone ?? 'UTC';
    refuse(PROMO_TEXT.citypassVisit.replace('{time}', formatInZone(visit, tz, DATE_TIME_FORMAT)));
  }
  return visit;
}
