/**
 * The words of the public pages' <head> (title and description, shown by search engines and link
 * previews; docs/search-engines.md). Titles read as the storefront sets them once it runs:
 * "<page> · <seller>" (web ui/use-document-title.ts, with the pages' titles of web i18n/en.ts).
 */
export const PAGE_HEAD_TEXTS = {
  titleSeparator: ' · ',
  homeTitle: 'Welcome',
  listingTitle: 'Events',
  homeDescription: 'Tickets, passes and memberships of {seller}.',
  listingDescription: "What's on at {seller}: dates, times and tickets.",
  /** An event without a summary, subtitle or description. */
  eventDescription: '{event} at {venue}: dates, times and tickets.',
  eventDescriptionNoVenue: '{event}: dates, times and tickets.',
} as const;
