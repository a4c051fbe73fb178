/**
 * The members of a membership purchase (docs/memberships.md): the role names, the default level's
 * one member card, and how many cards of each role a level takes. The web's member forms offer
 * only what these allow; the server refuses anything else at reserve/modify.
 */
export const MEMBER_ROLES = ['member', 'second-card', 'third-card', 'youth', 'child', 'caregiver', 'guest', 'additional-member'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_NAMES: Record<TMemberRole, string> = {
  member: 'Member',
  'second-card': 'Second card',
  'third-card': 'Third card',
  youth: 'Youth',
  child: 'Child',
  caregiver: 'Caregiver',
  guest: 'Guest',
  'additional-member': 'Additional member',
};

/** The role of a card nobody named (a level's default, an operator-added member id, a staff cart's card). */
export const DEFAULT_MEMBER_ROLE: TMemberRole = 'member';

/** One role a level allows and how many cards of it (the contract's `TLevelRole`). */
export interface LevelRoleRule {
  role: TMemberRole;
  min: number;
  max: number;
  email_required: boolean;
}

/** A membership ticket type without a level: one member card. */
export const DEFAULT_LEVEL_ROLES: readonly LevelRoleRule[] = [{ role: DEFAULT_MEMBER_ROLE, min: 1, max: 1, email_required: false }];

type WithRole = { role: TMemberRole };

export const membersOfRole = (members: readonly WithRole[], role: TMemberRole) => members.filter((m) => m.role === role).length;

/** The first role of the level whose count of members is outside its min–max, if any. */
export function roleOutOfBounds<R extends LevelRoleRule>(roles: readonly R[], members: readonly WithRole[]): R | undefined {
  return roles.find((r) => {
    const n = membersOfRole(members, r.role);
    return n < r.min || n > r.max;
  });
}

/** Whether one more member of a role fits the level. */
export function canAddMember(roles: readonly LevelRoleRule[], members: readonly WithRole[], role: TMemberRole): boolean {
  const r = roles.find((x) => x.role === role);
  return !!r && membersOfRole(members, role) < r.max;
}

/** A member may go while its role stays at its minimum and one member is left. */
export function canRemoveMember(roles: readonly LevelRoleRule[], members: readonly WithRole[], member: WithRole): boolean {
  const r = roles.find((x) => x.role === member.role);
  return members.length > 1 && membersOfRole(members, member.role) > (r?.min ?? 0);
}
