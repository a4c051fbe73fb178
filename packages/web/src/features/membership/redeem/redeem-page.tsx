import { GIFT_CODE_LENGTH, GIFT_CODE_TEXT, CONFIG } from '@foyer/contracts/constants';
import { isGiftCodeShaped, normalizeGiftCode } from '@foyer/contracts/rules';
import type { TGiftCodeLookup, TGiftCodeSource } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { redirect, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client.js';
import { configQuery, eventQuery } from '../../../api/queries.js';
import { queryClient } from '../../../api/query-client.js';
import { paths } from '../../../lib/paths.js';
import { asString, configValue } from '../../../config/config.js';
import { useSeller } from '../../../config/use-config.js';
import { en } from '../../../i18n/en.js';
import { Field } from '../../account/public.js';
import { readEventDetail } from '../../../shared/events/model.js';
import { lookupGiftCode } from '../gift/api.js';
import { giftCodeProblem } from './redeem-state.js';
import { RedeemLevels } from './redeem-levels.js';

/** docs/memberships.md#7-gifts-of-membership: without a configured membership event id, /membership/redeem goes to the membership route. */
export async function loader() {
  const config = await queryClient.query({ ...configQuery(), staleTime: 'static' });
  if (!asString(configValue(CONFIG.membershipEventId, config.entries))) throw redirect(paths.membership);
  return null;
}

/**
 * Redeem a gift of membership (docs/memberships.md#7-gifts-of-membership "Gift code", docs/memberships.md#7-gifts-of-membership): a code of exactly 10 characters (as
 * typed: spaces, dashes and case do not matter), looked up, then the levels it buys — at most 3,
 * largest discount first — and the members; the add goes on like any membership add. `?code=`
 * fills the code and looks it up at once.
 */
export function Component() {
  const id = useId();
  const [params] = useSearchParams();
  const fromQuery = params.get('code') ?? '';
  const [code, setCode] = useState(fromQuery);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [lookup, setLookup] = useState<TGiftCodeLookup | null>(null);
  // docs/memberships.md#7-gifts-of-membership: the code is marked as from the link (query) until the visitor types another.
  const [source, setSource] = useState<TGiftCodeSource>(fromQuery ? 'query' : 'input');
  const inputRef = useRef<HTMLInputElement>(null);

  const check = async (typed: string) => {
    setError(null);
    setLookup(null);
    if (!isGiftCodeShaped(typed)) {
      setError(GIFT_CODE_TEXT.invalid);
      inputRef.current?.focus();
      return;
    }
    setChecking(true);
    try {
      const found = await lookupGiftCode(normalizeGiftCode(typed));
      const problem = giftCodeProblem(found);
      if (problem) setError(problem);
      else setLookup(found);
    } catch (e) {
      setError(isApiError(e) && e.status === 404 ? GIFT_CODE_TEXT.invalid : errorMessage(e));
    } finally {
      setChecking(false);
    }
  };

  // docs/memberships.md#7-gifts-of-membership: a code from the query is checked as if entered.
  const checkedQuery = useRef(false);
  useEffect(() => {
    if (!fromQuery || checkedQuery.current) return;
    checkedQuery.current = true;
    void check(fromQuery);
  }, [fromQuery]);

  return (
    <section className="account-page redeem-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.gift.redeemTitle}
      </h1>
      <form
        className="panel step"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void check(code);
        }}
      >
        <p className="muted">{en.gift.redeemLead}</p>
        <Field
          ref={inputRef}
          id={`${id}-code`}
          label={en.gift.codeLabel}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={GIFT_CODE_LENGTH + 6}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setSource('input');
            if (lookup && normalizeGiftCode(e.currentTarget.value) !== lookup.code) setLookup(null);
          }}
        />
        <button type="submit" className="button button--primary" disabled={checking} aria-busy={checking}>
          {checking ? en.gift.checking : en.gift.check}
        </button>
      </form>
      {lookup && <RedeemWithEvent lookup={lookup} source={source} />}
    </section>
  );
}

/** The levels step once the code is good: it reserves on the membership event of the gift. */
function RedeemWithEvent({ lookup, source }: { lookup: TGiftCodeLookup; source: TGiftCodeSource }) {
  const seller = useSeller();
  const config = useQuery(configQuery());
  const eventId = lookup.membership_event_id ?? asString(configValue(CONFIG.membershipEventId, config.data?.entries ?? []));
  const event = useQuery({ ...eventQuery(eventId ?? ''), enabled: !!eventId });
  const detail = event.data ? readEventDetail(event.data, { sellerTimezone: seller.timezone }) : null;
  if (event.isError) return <p className="notice notice--error" role="alert">{errorMessage(event.error)}</p>;
  if (!detail) return <p className="muted" aria-busy="true">{en.membership.levelsLoading}</p>;
  return <RedeemLevels lookup={lookup} detail={detail} currency={seller.currency} source={source} />;
}
