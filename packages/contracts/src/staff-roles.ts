/**
 * Staff roles (docs/box-office.md, Roles): plain values, no schemas, so the staff screens can ask
 * what a role may do without loading zod. Ranked: each role may do what the ones before it may.
 */
export const STAFF_ROLES = ['door', 'box_office', 'admin'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

/** Whether `role` may do what `least` may; an unknown role may do nothing. */
export function staffRoleAllows(role: string, least: StaffRoleName): boolean {
  const rank = STAFF_ROLES.indexOf(role as StaffRoleName);
  return rank !== -1 && rank >= STAFF_ROLES.indexOf(least);
}

/**
 * The least role of the staff actions that not every office role may take: their routes require it
 * and the screens offer the action only to roles that have it.
 */
export const STAFF_ACTION_ROLES = { changeSession: 'admin', readAudit: 'admin' } as const satisfies Record<string, StaffRoleName>;
