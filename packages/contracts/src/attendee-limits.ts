/**
 * An attendee's name on a ticket (docs/events.md#attendees-and-surveys: a first and a last name, joined into admit_name): plain
 * values, no schemas, for the storefront's forms, the reserve call and the box office alike.
 */
export const ADMIT_NAME_PART_MAX = 50;
/** First and last, each at most ADMIT_NAME_PART_MAX, joined by one space. */
export const ADMIT_NAME_MAX = ADMIT_NAME_PART_MAX * 2 + 1;
