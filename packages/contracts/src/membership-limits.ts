/** Limits of a membership's members (docs/memberships.md#4-refusals-error-envelope), zod-free so the web's forms use the same numbers. */
export const MEMBER_NAME_MAX = 50;
export const MEMBER_EMAIL_MAX = 254;
/** At most this many members (cards) in one membership purchase. */
export const MEMBERS_MAX = 20;
