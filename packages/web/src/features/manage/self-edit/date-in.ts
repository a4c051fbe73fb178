// The calendar date of an instant in a timezone, for the edit-order cards (docs/after-sale.md#screens).
/** The calendar date of an instant in a timezone (YYYY-MM-DD). */
export function dateIn(iso: string, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}
