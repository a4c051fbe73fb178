import type { TGiftCodeLookup, TGiftCodeSource } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { en, format } from '../../../i18n/en.js';
import { formatMoney } from '../../../lib/money.js';
import { focusFirstInvalid } from '../../account/public.js';
import type { EventDetail } from '../../../shared/events/model.js';
import { membershipLevelsQuery } from '../api.js';
import { initialMembers, levelRoles, membersInput, membersValid, validateMembers, type MemberEntry } from '../members.js';
import { MembersFields } from '../members-fields.js';
import { useMembershipAdd } from '../use-membership-add.js';
import { MembershipForm } from '../membership-form.js';
import { Description } from '../../events/public.js';
import { MembershipStep } from '../membership-step.js';

/** The seller's words for redeeming, from the level's group meta (docs/memberships.md#7-gifts-of-membership: redeem_gom_summary, redeem_gom_description HTML). */
export function redeemTexts(detail: EventDetail, ticketTypeId: string): { summary: string | null; description: string | null } {
  const meta = detail.groups.find((g) => g.types.some((t) => t.type.id === ticketTypeId))?.group.meta ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  return { summary: text(meta.redeem_gom_summary), description: text(meta.redeem_gom_description) };
}

/**
 * The levels a gift code buys (docs/memberships.md#7-gifts-of-membership: at most 3, largest discount first — the server's order),
 * what the gift covers and what is left to pay, then the members of the chosen level. The add
 * carries the code; the server holds it for this cart and prices the level.
 */
export function RedeemLevels({ lookup, detail, currency, source = 'input' }: { lookup: TGiftCodeLookup; detail: EventDetail; currency: string; source?: TGiftCodeSource }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const levelsQuery = useQuery(membershipLevelsQuery());
  const { add, submitting, error, clearError } = useMembershipAdd(detail);
  const [chosenId, setChosenId] = useState(lookup.levels[0].ticket_type_id);
  const chosen = lookup.levels.find((l) => l.ticket_type_id === chosenId) ?? lookup.levels[0];
  const roles = levelRoles(levelsQuery.data?.membership_level?._data.find((l) => l.ticket_type_id === chosen.ticket_type_id));
  const [members, setMembers] = useState<MemberEntry[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const validation = validateMembers(roles, members);

  // A (new) level starts with the members its roles ask for.
  const membersFor = useRef<string | null>(null);
  useEffect(() => {
    if (!levelsQuery.data || membersFor.current === chosen.ticket_type_id) return;
    membersFor.current = chosen.ticket_type_id;
    setMembers(initialMembers(roles));
    setSubmitted(false);
  }, [chosen.ticket_type_id, levelsQuery.data, roles]);

  const submit = () => {
    setSubmitted(true);
    clearError();
    if (!membersValid(validation)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    void add(chosen.ticket_type_id, { members: membersInput(roles, members), redeem_code: lookup.code, redeem_code_source: source });
  };

  const money = (amount: string) => formatMoney(amount, currency, { zeroAsFree: false });
  const texts = redeemTexts(detail, chosen.ticket_type_id);
  return (
    <MembershipForm formRef={formRef} onSubmit={submit}>
      <MembershipStep id={`${id}-levels`} title={en.gift.levelsTitle}>
        {texts.summary && <p className="redeem-summary">{texts.summary}</p>}
        {texts.description && <Description html={texts.description} />}
        <fieldset className="add-one__options membership-levels">
          <legend className="visually-hidden">{en.gift.levelsTitle}</legend>
          {lookup.levels.map((level) => (
            <label key={level.ticket_type_id} className="add-one__option" data-ticket-type-id={level.ticket_type_id}>
              <input type="radio" name={`${id}-level`} checked={chosen.ticket_type_id === level.ticket_type_id} onChange={() => {
                setChosenId(level.ticket_type_id);
                clearError();
              }} />
              <span className="add-one__option-text">
                <span className="add-one__option-name">{level.name}</span>
                <span className="add-one__option-summary">{format(en.gift.giftCovers, { amount: money(level.discount) })}</span>
              </span>
              <span className="add-one__option-price" data-testid="redeem-to-pay">
                {Number(level.to_pay) === 0 ? en.gift.free : format(en.gift.toPay, { amount: money(level.to_pay) })}
              </span>
            </label>
          ))}
        </fieldset>
      </MembershipStep>
      <MembershipStep id={`${id}-members`} title={en.membership.membersTitle}>
        <MembersFields roles={roles} members={members} errors={submitted ? validation.byMember : {}} listError={submitted ? validation.list : null} onChange={setMembers} />
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={submitting} aria-busy={submitting}>
          {submitting ? en.membership.adding : en.gift.redeem}
        </button>
      </MembershipStep>
    </MembershipForm>
  );
}
