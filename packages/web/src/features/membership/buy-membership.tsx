import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { en } from '../../i18n/en.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { LOGIN_SUCCESS_EVENT, useOptionalAccount } from '../account/public.js';
import { focusFirstInvalid } from '../events/public.js';
import type { EventDetail } from '../../shared/events/model.js';
import { membershipLevelsQuery, myMembershipQuery } from './api.js';
import { hasCurrentMembership } from './cards.js';
import { initialMembers, levelRoles, membersInput, membersValid, validateMembers, type MemberEntry } from './members.js';
import { MembersFields } from './members-fields.js';
import { lockedMembers, usePreventMembershipUpdates } from './members-lock.js';
import { MembershipAddBar } from './membership-add-bar.js';
import { LevelOptions, useLevelOptions } from './level-options.js';
import { useMembershipAdd } from './use-membership-add.js';
import { AutoRenewOption } from './auto-renew/auto-renew-option.js';
import { saveAutoRenew, useAskToAutorenew } from './auto-renew/auto-renew-choice.js';
import { MembershipForm } from './membership-form.js';
import { MembershipStep } from './membership-step.js';

export const MY_MEMBERSHIP_PATH = '/my/membership';

/**
 * Buy a membership (docs/memberships.md#2-buying "Membership purchase"): choose a level (chosen already when
 * there is only one), name the members its roles allow, add it to the cart. A logged-out buyer is
 * asked to log in or go on as a guest first; after logging in the add goes on by itself.
 */
export function BuyMembership({ detail, currency }: { detail: EventDetail; currency: string }) {
  const id = useId();
  const account = useOptionalAccount();
  const formRef = useRef<HTMLFormElement>(null);
  const levelsQuery = useQuery(membershipLevelsQuery());
  const mine = useQuery(myMembershipQuery(!!account?.user));
  const { sessionQuery, session, add, submitting, error, clearError } = useMembershipAdd(detail);

  const levels = levelsQuery.data?.membership_level?._data;
  const options = useLevelOptions(detail, levels);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const chosen = options.find((o) => o.key === chosenKey) ?? (options.length === 1 ? options[0] : null);
  const roles = levelRoles(chosen?.level);
  const [members, setMembers] = useState<MemberEntry[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const askAutoRenew = useAskToAutorenew();
  const [autoRenew, setAutoRenew] = useState(false);
  const validation = validateMembers(roles, members);
  const shown = submitted ? validation : { byMember: {}, list: null };

  // A locked member's cards name the people on record (docs/memberships.md "Locked member details").
  const lockOn = usePreventMembershipUpdates();
  const cards = mine.data?.membership?._data;
  const onRecord = useMemo(() => (lockOn && cards ? lockedMembers(cards, roles) : null), [lockOn, cards, roles]);

  // A (new) level starts with the members its roles ask for, or with the members on record.
  const membersFor = useRef<string | null>(null);
  useEffect(() => {
    if (!chosen || !levels) return;
    const key = `${chosen.key}:${onRecord ? 'locked' : 'open'}`;
    if (membersFor.current === key) return;
    membersFor.current = key;
    setMembers(onRecord ?? initialMembers(levelRoles(chosen.level)));
    setSubmitted(false);
    // docs/memberships.md#8-auto-renew: changing level resets auto-renew to false.
    setAutoRenew(false);
  }, [chosen, levels, onRecord]);

  // After the login the dialog offered, the add goes on.
  const resumeAfterLogin = useRef(false);
  const doAdd = () => chosen && void add(chosen.type.id, { members: membersInput(roles, members) }, { onAdded: (cartId) => saveAutoRenew(cartId, askAutoRenew && autoRenew) });
  // The latest add, for the login's callbacks.
  const doAddRef = useRef(doAdd);
  useLayoutEffect(() => {
    doAddRef.current = doAdd;
  });
  useEffect(() => {
    const onLogin = () => {
      if (!resumeAfterLogin.current) return;
      resumeAfterLogin.current = false;
      doAddRef.current();
    };
    window.addEventListener(LOGIN_SUCCESS_EVENT, onLogin);
    return () => window.removeEventListener(LOGIN_SUCCESS_EVENT, onLogin);
  }, []);

  const submit = () => {
    if (!chosen) return;
    setSubmitted(true);
    clearError();
    if (!membersValid(validation)) {
      focusFirstInvalid(() => formRef.current);
      return;
    }
    if (account && !account.user) {
      resumeAfterLogin.current = true;
      account.askLoginOrGuest(() => {
        resumeAfterLogin.current = false;
        doAddRef.current();
      });
      return;
    }
    doAdd();
  };

  if (levelsQuery.isError) return <ErrorNotice title={en.membership.levelsError} error={levelsQuery.error} onRetry={() => void levelsQuery.refetch()} />;
  if (sessionQuery.isError) return <ErrorNotice title={en.event.errorTitle} error={sessionQuery.error} onRetry={() => void sessionQuery.refetch()} />;
  if (levelsQuery.isPending || sessionQuery.isPending) return <MembershipSkeleton />;
  if (!session || !options.length) {
    return (
      <p className="notice notice--warning" role="status">
        {en.membership.noLevels}
      </p>
    );
  }

  const alreadyMember = hasCurrentMembership(mine.data?.membership?._data ?? []);
  return (
    <MembershipForm formRef={formRef} onSubmit={submit}>
      {alreadyMember && (
        <p className="notice notice--info" role="status">
          {en.membership.alreadyMember} <Link to={MY_MEMBERSHIP_PATH}>{en.member.membershipDetails}</Link>
        </p>
      )}
      <MembershipStep id={`${id}-levels`} title={en.membership.chooseLevel}>
        <LevelOptions name={`${id}-level`} legend={en.membership.chooseLevel} options={options} chosenKey={chosen?.key ?? null} currency={currency} onChoose={(key) => {
          setChosenKey(key);
          clearError();
        }} />
      </MembershipStep>
      {chosen && (
        <MembershipStep id={`${id}-members`} title={en.membership.membersTitle}>
          <MembersFields roles={roles} members={members} errors={shown.byMember} listError={shown.list} onChange={setMembers} locked={!!onRecord} />
          {askAutoRenew && <AutoRenewOption checked={autoRenew} onChange={setAutoRenew} />}
          <MembershipAddBar detail={detail} typeKey={chosen.key} currency={currency} submitting={submitting} error={error} label={en.membership.addToCart} busyLabel={en.membership.adding} />
        </MembershipStep>
      )}
    </MembershipForm>
  );
}

/** The flow's final shape while the levels load (no layout shift). */
export function MembershipSkeleton() {
  return (
    <div className="panel step" aria-busy="true" aria-label={en.membership.levelsLoading}>
      <Skeleton width="50%" height="1.4rem" style={{ marginBottom: 16 }} />
      <Skeleton height={56} style={{ marginBottom: 8 }} />
      <Skeleton height={56} style={{ marginBottom: 8 }} />
      <Skeleton height={56} />
    </div>
  );
}
