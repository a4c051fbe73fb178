import { GIFT_TO_SELF, MEMBER_EMAIL_MAX, MEMBER_NAME_MAX } from '@foyer/contracts/constants';
import { isEmail } from '@foyer/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/client.js';
import { paths } from '../../../lib/paths.js';
import { en, format } from '../../../i18n/en.js';
import { ErrorNotice } from '../../../ui/error-notice.js';
import { Field, focusFirstInvalid, useOptionalAccount } from '../../account/public.js';
import { useOptionalCart } from '../../../shared/cart/cart-context.js';
import { DeleteCartOrCheckoutDialog } from '../../cart/public.js';
import type { EventDetail } from '../../../shared/events/model.js';
import { membershipLevelsQuery } from '../api.js';
import { MembershipSkeleton } from '../buy-membership.js';
import { LevelOptions, useLevelOptions } from '../level-options.js';
import { MembershipAddBar } from '../membership-add-bar.js';
import { useMembershipAdd } from '../use-membership-add.js';
import { registerGiftee } from './api.js';
import { saveGiftee } from './giftee-storage.js';
import { MembershipForm } from '../membership-form.js';
import { MembershipStep } from '../membership-step.js';

interface GifteeForm {
  first_name: string;
  last_name: string;
  email: string;
  sendToGiftee: boolean;
  sendOn: string;
}
type GifteeErrors = Partial<Record<'first_name' | 'last_name' | 'email' | 'sendOn', string>>;

const todayLocal = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The giftee's fields as the server checks them (docs/memberships.md#7-gifts-of-membership names max 50, e-mail max 254; docs/memberships.md#7-gifts-of-membership not oneself). */
export function validateGiftee(form: GifteeForm, ownEmail: string | null, today: string): GifteeErrors {
  const errors: GifteeErrors = {};
  const name = (v: string) => (!v.trim() ? en.gift.required : v.trim().length > MEMBER_NAME_MAX ? format(en.membership.nameTooLong, { max: MEMBER_NAME_MAX }) : null);
  const first = name(form.first_name);
  const last = name(form.last_name);
  if (first) errors.first_name = first;
  if (last) errors.last_name = last;
  const email = form.email.trim();
  if (!email || !isEmail(email) || email.length > MEMBER_EMAIL_MAX) errors.email = en.gift.emailInvalid;
  else if (ownEmail && email.toLowerCase() === ownEmail.toLowerCase()) errors.email = GIFT_TO_SELF;
  if (form.sendToGiftee && (!/^\d{4}-\d{2}-\d{2}$/.test(form.sendOn) || form.sendOn < today)) errors.sendOn = en.gift.sendOnInvalid;
  return errors;
}

/**
 * Give a membership (docs/memberships.md#7-gifts-of-membership "Membership purchase, renewal, gifting"): gifting needs an empty cart,
 * so a cart with anything in it must be checked out or emptied first. The giver picks a level and
 * names the giftee, who gets a code to redeem — e-mailed by us on a chosen day, or passed on by
 * the giver. The giftee goes to the checkout in the tab's state.
 */
export function GiftMembership({ detail, currency }: { detail: EventDetail; currency: string }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const account = useOptionalAccount();
  const navigate = useNavigate();
  const cart = useOptionalCart();
  const levelsQuery = useQuery(membershipLevelsQuery());
  const { sessionQuery, session, add, submitting, error, clearError } = useMembershipAdd(detail);
  const options = useLevelOptions(detail, levelsQuery.data?.membership_level?._data);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const chosen = options.find((o) => o.key === chosenKey) ?? (options.length === 1 ? options[0] : null);
  const [form, setForm] = useState<GifteeForm>({ first_name: '', last_name: '', email: '', sendToGiftee: false, sendOn: todayLocal() });
  const [submitted, setSubmitted] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [gifteeError, setGifteeError] = useState<string | null>(null);
  const errors = validateGiftee(form, account?.user?.email ?? null, todayLocal());
  const shown = submitted ? errors : {};
  const set = <K extends keyof GifteeForm>(key: K, value: GifteeForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  if (levelsQuery.isError) return <ErrorNotice title={en.membership.levelsError} error={levelsQuery.error} onRetry={() => void levelsQuery.refetch()} />;
  if (sessionQuery.isError) return <ErrorNotice title={en.event.errorTitle} error={sessionQuery.error} onRetry={() => void sessionQuery.refetch()} />;
  if (levelsQuery.isPending || sessionQuery.isPending || cart?.loading) return <MembershipSkeleton />;
  if (!session || !options.length) {
    return (
      <p className="notice notice--warning" role="status">
        {en.membership.noLevels}
      </p>
    );
  }
  // docs/memberships.md#7-gifts-of-membership: gifting requires an empty cart — the dialog makes the buyer check out or delete it first.
  if (cart?.view && cart.view.ticketCount > 0) return <DeleteCartOrCheckoutDialog open onClose={() => void navigate(paths.event(detail.event.id))} onEmptied={() => undefined} />;

  const submit = async () => {
    if (!chosen || registering || submitting) return;
    setSubmitted(true);
    setGifteeError(null);
    clearError();
    if (Object.keys(errors).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setRegistering(true);
    const giftee = { first_name: form.first_name.trim(), last_name: form.last_name.trim(), email: form.email.trim() };
    let identityId: string;
    try {
      identityId = await registerGiftee(giftee);
    } catch (e) {
      setGifteeError(errorMessage(e));
      setRegistering(false);
      return;
    }
    setRegistering(false);
    await add(
      chosen.type.id,
      { gift: { email_giftee_on: form.sendToGiftee ? form.sendOn : null } },
      { next: paths.checkout, onAdded: (cartId) => saveGiftee(cartId, { identityId, name: `${giftee.first_name} ${giftee.last_name}`, email: giftee.email }) },
    );
  };

  return (
    <MembershipForm formRef={formRef} onSubmit={() => void submit()}>
      <MembershipStep id={`${id}-levels`} title={en.gift.chooseLevel}>
        <LevelOptions name={`${id}-level`} legend={en.gift.chooseLevel} options={options} chosenKey={chosen?.key ?? null} currency={currency} onChoose={(key) => {
          setChosenKey(key);
          clearError();
        }} />
      </MembershipStep>
      {chosen && (
        <MembershipStep id={`${id}-giftee`} title={en.gift.gifteeTitle}>
          <p className="muted">{en.gift.gifteeLead}</p>
          <div className="form-grid">
            <Field id={`${id}-first`} label={en.gift.firstName} value={form.first_name} autoComplete="off" maxLength={MEMBER_NAME_MAX + 10} error={shown.first_name} onChange={(e) => set('first_name', e.currentTarget.value)} />
            <Field id={`${id}-last`} label={en.gift.lastName} value={form.last_name} autoComplete="off" maxLength={MEMBER_NAME_MAX + 10} error={shown.last_name} onChange={(e) => set('last_name', e.currentTarget.value)} />
          </div>
          <Field id={`${id}-email`} type="email" label={en.gift.email} value={form.email} autoComplete="off" maxLength={MEMBER_EMAIL_MAX} error={shown.email} onChange={(e) => set('email', e.currentTarget.value)} />
          <div className="field field--check">
            <label className="check">
              <input type="checkbox" checked={form.sendToGiftee} onChange={(e) => set('sendToGiftee', e.currentTarget.checked)} />
              <span>{en.gift.sendToGiftee}</span>
            </label>
          </div>
          {form.sendToGiftee ? (
            <Field id={`${id}-send-on`} type="date" label={en.gift.sendOn} value={form.sendOn} min={todayLocal()} error={shown.sendOn} onChange={(e) => set('sendOn', e.currentTarget.value)} />
          ) : (
            <p className="muted" data-testid="forward-hint">
              {en.gift.forwardHint}
            </p>
          )}
          {gifteeError && (
            <p className="notice notice--error" role="alert">
              {gifteeError}
            </p>
          )}
          <MembershipAddBar detail={detail} typeKey={chosen.key} currency={currency} submitting={submitting || registering} error={error} label={en.gift.addToCart} busyLabel={en.membership.adding} />
        </MembershipStep>
      )}
    </MembershipForm>
  );
}
