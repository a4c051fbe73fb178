/**
 * Event meta `ticket_date_time` (docs/catalog.md): `"date"` prints only the day on the event's
 * tickets (ticket page, confirmation e-mail, wallet pass); `"datetime"` or nothing, the day and time.
 */
export function ticketShowsTime(meta: Record<string, unknown> | null | undefined): boolean {
  return meta?.ticket_date_time !== 'date';
}

/** Event meta `hide_event_details: true` (docs/catalog.md): the event page leaves out its description block. */
export function hidesEventDetails(meta: Record<string, unknown> | null | undefined): boolean {
  return meta?.hide_event_details === true || meta?.hide_event_details === 'true';
}
