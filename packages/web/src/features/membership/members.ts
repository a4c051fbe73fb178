import type { TLevelRole, TMemberInput, TMemberRole, TMembershipLevel } from '@foyer/contracts';
import { MEMBER_EMAIL_MAX, MEMBER_NAME_MAX } from '@foyer/contracts/constants';
import { canAddMember, canRemoveMember, DEFAULT_LEVEL_ROLES, MEMBER_ROLE_NAMES } from '@foyer/contracts/rules';
import { en, format } from '../../i18n/en.js';
import { attendeeErrors, EMPTY_ATTENDEE, type AttendeeErrors, type AttendeeValue } from '../events/public.js';

/**
 * The named members of a membership purchase (docs/memberships.md#2-buying, docs/memberships.md#4-refusals-error-envelope), pure: which roles a level allows
 * and how many of each, the members a level starts with, adding and removing, validation (names
 * required and at most 50 characters, e-mails where the level asks, at most 254) and the cart's
 * handler_data. The limits are the contract's (zod-free constants).
 */
export { MEMBER_EMAIL_MAX, MEMBER_NAME_MAX };

export interface MemberEntry extends AttendeeValue {
  /** Stable across adds and removes (React key). */
  id: number;
  role: TMemberRole;
  /** A member on record whose details the seller locks (prevent_membership_updates, members-lock.ts). */
  locked?: boolean;
}

/** The roles of a level (the level's own, else one member card). */
export function levelRoles(level: Pick<TMembershipLevel, 'roles'> | null | undefined): readonly TLevelRole[] {
  return level?.roles.length ? level.roles : DEFAULT_LEVEL_ROLES;
}

let nextId = 1;
const entry = (role: TMemberRole, value: Partial<Omit<MemberEntry, 'id' | 'role'>> = {}): MemberEntry => ({ ...EMPTY_ATTENDEE, ...value, id: nextId++, role });
export { entry as memberEntry };

/** Each role at its minimum; at least one member (the first role) when every minimum is 0. */
export function initialMembers(roles: readonly TLevelRole[]): MemberEntry[] {
  const out: MemberEntry[] = [];
  for (const r of roles) for (let i = 0; i < r.min; i++) out.push(entry(r.role));
  if (!out.length && roles.length) out.push(entry(roles[0].role));
  return out;
}

/** Adds a member of a role after the last one of that role (in the level's role order otherwise). */
export function addMember(roles: readonly TLevelRole[], members: readonly MemberEntry[], role: TMemberRole): MemberEntry[] {
  if (!canAddMember(roles, members, role)) return [...members];
  const order = roles.map((r) => r.role);
  const rank = order.indexOf(role);
  let at = 0;
  members.forEach((m, i) => {
    if (order.indexOf(m.role) <= rank) at = i + 1;
  });
  return [...members.slice(0, at), entry(role), ...members.slice(at)];
}

export function removeMember(roles: readonly TLevelRole[], members: readonly MemberEntry[], id: number): MemberEntry[] {
  const member = members.find((m) => m.id === id);
  if (!member || !canRemoveMember(roles, members, member)) return [...members];
  return members.filter((m) => m.id !== id);
}

/** The legend of a member: the role's name, numbered when the role has several cards. */
export function memberLegend(roles: readonly TLevelRole[], members: readonly MemberEntry[], member: MemberEntry): string {
  const name = MEMBER_ROLE_NAMES[member.role];
  const r = roles.find((x) => x.role === member.role);
  if ((r?.max ?? 1) <= 1) return name;
  const n = members.filter((m) => m.role === member.role).indexOf(member) + 1;
  return format(en.membership.memberLegend, { role: name, n });
}

export function emailRequired(roles: readonly TLevelRole[], role: TMemberRole): boolean {
  return roles.find((r) => r.role === role)?.email_required ?? false;
}

export interface MembersValidation {
  /** Field errors by member id (only members with errors). */
  byMember: Record<number, AttendeeErrors>;
  /** An error of the whole list (no member at all). */
  list: string | null;
}

export function validateMembers(roles: readonly TLevelRole[], members: readonly MemberEntry[]): MembersValidation {
  const byMember: Record<number, AttendeeErrors> = {};
  for (const m of members) {
    const errors = attendeeErrors(m, { name: 'required', email: emailRequired(roles, m.role) ? 'required' : 'none' });
    const tooLong = format(en.membership.nameTooLong, { max: MEMBER_NAME_MAX });
    if (!errors.firstName && m.firstName.trim().length > MEMBER_NAME_MAX) errors.firstName = tooLong;
    if (!errors.lastName && m.lastName.trim().length > MEMBER_NAME_MAX) errors.lastName = tooLong;
    if (!errors.email && m.email.trim().length > MEMBER_EMAIL_MAX) errors.email = format(en.membership.emailTooLong, { max: MEMBER_EMAIL_MAX });
    if (Object.keys(errors).length) byMember[m.id] = errors;
  }
  return { byMember, list: members.length ? null : en.membership.membersRequired };
}

export const membersValid = (v: MembersValidation) => !v.list && Object.keys(v.byMember).length === 0;

/** The members as the cart's handler_data takes them (e-mails only where the level asks). */
export function membersInput(roles: readonly TLevelRole[], members: readonly MemberEntry[]): TMemberInput[] {
  return members.map((m) => {
    const out: TMemberInput = { role: m.role, first_name: m.firstName.trim(), last_name: m.lastName.trim() };
    const email = m.email.trim();
    if (emailRequired(roles, m.role) && email) out.email = email;
    return out;
  });
}
