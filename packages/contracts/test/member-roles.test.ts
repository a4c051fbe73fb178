import { describe, expect, it } from 'vitest';
import { canAddMember, canRemoveMember, DEFAULT_LEVEL_ROLES, roleOutOfBounds, type LevelRoleRule } from '../src/rules/member-roles.js';

const family: LevelRoleRule[] = [
  { role: 'member', min: 1, max: 2, email_required: true },
  { role: 'child', min: 0, max: 3, email_required: false },
];
const of = (...roles: LevelRoleRule['role'][]) => roles.map((role) => ({ role }));

describe('members per role (docs/memberships.md)', () => {
  it('finds the first role whose count is outside its min–max', () => {
    expect(roleOutOfBounds(family, of('member', 'child'))).toBeUndefined();
    expect(roleOutOfBounds(family, of('child'))?.role).toBe('member');
    expect(roleOutOfBounds(family, of('member', 'child', 'child', 'child', 'child'))?.role).toBe('child');
    expect(roleOutOfBounds(DEFAULT_LEVEL_ROLES, of('member', 'member'))?.role).toBe('member');
  });

  it('adds below a role’s maximum only, for roles of the level', () => {
    expect(canAddMember(family, of('member'), 'member')).toBe(true);
    expect(canAddMember(family, of('member', 'member'), 'member')).toBe(false);
    expect(canAddMember(family, of('member'), 'youth')).toBe(false);
  });

  it('removes above a role’s minimum while another member is left', () => {
    expect(canRemoveMember(family, of('member', 'child'), { role: 'child' })).toBe(true);
    expect(canRemoveMember(family, of('member', 'child'), { role: 'member' })).toBe(false);
    expect(canRemoveMember(family, of('member', 'member'), { role: 'member' })).toBe(true);
    expect(canRemoveMember(family, of('child'), { role: 'child' })).toBe(false);
  });
});
