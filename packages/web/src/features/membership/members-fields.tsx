import type { TLevelRole } from '@foyer/contracts';
import { en, format } from '../../i18n/en.js';
import { type AttendeeErrors, AttendeeFieldset } from '../events/public.js';
import { canAddMember, canRemoveMember, MEMBER_ROLE_NAMES } from '@foyer/contracts/rules';
import { addMember, emailRequired, memberLegend, removeMember, type MemberEntry } from './members.js';

/**
 * The named members of a membership (docs/memberships.md#2-buying): one fieldset per card with its role as legend
 * (first and last name, an e-mail where the level asks), a remove button above a role's minimum
 * and an add button per role below its maximum. `locked` (prevent_membership_updates): the members
 * on record, read-only, and no one added.
 */
export function MembersFields({
  roles,
  members,
  errors,
  listError,
  onChange,
  locked = false,
}: {
  roles: readonly TLevelRole[];
  members: readonly MemberEntry[];
  errors: Record<number, AttendeeErrors>;
  listError: string | null;
  onChange: (members: MemberEntry[]) => void;
  locked?: boolean;
}) {
  const addable = locked ? [] : roles.filter((r) => r.max > r.min);
  return (
    <div className="membership-members">
      <p className="muted">{locked ? en.membership.detailsLocked : en.membership.membersIntro}</p>
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      {members.map((member) => {
        const legend = memberLegend(roles, members, member);
        return (
          <div key={member.id} className="membership-member" data-role={member.role}>
            <AttendeeFieldset
              legend={legend}
              needs={{ name: 'required', email: emailRequired(roles, member.role) ? 'required' : 'none' }}
              value={member}
              errors={errors[member.id] ?? {}}
              locked={member.locked}
              onChange={(value) => onChange(members.map((m) => (m.id === member.id ? { ...m, ...value } : m)))}
            />
            {canRemoveMember(roles, members, member) && (
              <button
                type="button"
                className="button button--secondary button--small membership-member__remove"
                aria-label={format(en.membership.removeMember, { member: legend })}
                onClick={() => onChange(removeMember(roles, members, member.id))}
              >
                {en.membership.remove}
              </button>
            )}
          </div>
        );
      })}
      {addable.length > 0 && (
        <div className="membership-members__add">
          {addable.map((r) => (
            <div key={r.role} className="membership-members__add-item">
              <button
                type="button"
                className="button button--secondary"
                disabled={!canAddMember(roles, members, r.role)}
                aria-describedby={`membership-role-${r.role}`}
                onClick={() => onChange(addMember(roles, members, r.role))}
              >
                {format(en.membership.addRole, { role: MEMBER_ROLE_NAMES[r.role].toLowerCase() })}
              </button>
              <span id={`membership-role-${r.role}`} className="field-hint">
                {format(en.membership.roleHint, { role: MEMBER_ROLE_NAMES[r.role], max: r.max })}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
