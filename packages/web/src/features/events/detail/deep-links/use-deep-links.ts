import { CONFIG } from '@foyer/contracts/constants';
import type { TEventSession } from '@foyer/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../../api/client.js';
import { asString, configValue } from '../../../../config/config.js';
import { useAppConfig } from '../../../../config/use-config.js';
import { useOptionalCart } from '../../../../shared/cart/cart-context.js';
import { nextRouteAfterAdd } from '../../../../shared/cart/model.js';
import { reserveWithCodes } from '../../../promotions/public.js';
import { asksForTickets, linkNeedsForms, problemText, reserveItems, resolveTickets, type DeepLink, type LinkProblem } from './deep-links.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import type { Quantities } from '../quantities/quantities.js';
import type { SelectionCache } from '../quantities/selection-cache.js';

/**
 * The deep link's tickets in the date-first flow (docs/deep-links.md#deep-links-to-an-event): the quantities it names become the
 * first chosen session's defaults (through the flow's selection cache), and with `reserve` on
 * they are reserved as soon as the session the link names (session=today|next|id) is known.
 * Problems come back as one text, worded for the link's reserve mode.
 */
export function useDeepLinkTickets({
  link,
  detail,
  session,
  sessionDate,
  cache,
}: {
  link: DeepLink;
  detail: EventDetail;
  session: TEventSession | null;
  /** The session's venue-local day (the selection cache is per day). */
  sessionDate: string | null;
  cache: SelectionCache;
}): { notice: string | null; reserving: boolean; text: (problem: LinkProblem) => string } {
  const resolved = useMemo(() => resolveTickets(link, detail.groups), [link, detail.groups]);
  const { reserving, refused, reserve, text } = useLinkReserve(link, detail);
  const [seeded, setSeeded] = useState(false);
  const wanted = Object.keys(resolved.quantities).length > 0;
  const namesSession = link.preselect !== null && link.preselect.kind !== 'date';

  // Seeded during render so the quantities are there when the session's selection first reads them.
  if (session && sessionDate && wanted && !seeded) {
    setSeeded(true);
    cache.remember({ date: sessionDate, sessionId: session.id, quantities: { ...resolved.quantities } });
  }

  useEffect(() => {
    // Only a session the link names (session=…) is reserved unasked: a time the buyer picks is theirs to confirm.
    if (session && wanted && namesSession) reserve(resolved.quantities, session.id);
  }, [session, wanted, namesSession, reserve, resolved.quantities]);

  let notice: string | null = refused;
  if (notice === null && asksForTickets(link) && resolved.notFound) notice = text({ kind: 'types_not_found' });
  return { notice, reserving, text };
}

/**
 * The automatic reserve of a deep link (`reserve` not off, docs/deep-links.md#deep-links-to-an-event), shared by every flow:
 * called with the quantities once the session the link names is known, it reserves them once and
 * goes on (upsells or checkout); a refusal comes back as the notice text for the link's mode
 * (the server's words, or the generic unavailable text when strict) and the buyer finishes by hand.
 * It reserves as every reserve does (reserveWithCodes): the link's `?code=` goes along, a
 * code-required group opens the code modal, vouchers go with it.
 */
export function useLinkReserve(
  link: DeepLink,
  detail: EventDetail,
): { reserving: boolean; refused: string | null; reserve: (quantities: Quantities, sessionId: string) => void; text: (problem: LinkProblem) => string } {
  const config = useAppConfig();
  const cart = useOptionalCart();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlCode = params.get('code');
  const unavailable = asString(configValue(CONFIG.ticketsUnavailableMessage, detail.config, config.entries));
  const text = (problem: LinkProblem) => problemText(problem, link.reserve, unavailable);
  const [refused, setRefused] = useState<string | null>(null);
  const [reserving, setReserving] = useState(false);
  const [formsNeeded, setFormsNeeded] = useState(false);
  const attempted = useRef(false);
  const reserve = useCallback(
    (quantities: Quantities, sessionId: string) => {
      if (link.reserve === 'off' || attempted.current || !cart || Object.keys(quantities).length === 0) return;
      attempted.current = true;
      // Names or answers the group needs: the buyer fills the forms (the quantities are preselected) and adds by hand.
      if (linkNeedsForms(quantities, detail)) {
        setFormsNeeded(true);
        return;
      }
      setReserving(true);
      const done = () => setReserving(false);
      reserveWithCodes((body) => cart.store.modify(body), { add: reserveItems(quantities, detail.groups, sessionId) }, done, urlCode)
        .then((added) => (added ? navigate(nextRouteAfterAdd([...detail.config, ...config.entries])) : done()))
        .catch((error: unknown) => {
          done();
          setRefused(errorMessage(error));
        });
    },
    [link.reserve, cart, detail, config.entries, navigate, urlCode],
  );
  const notice = formsNeeded ? problemText({ kind: 'forms_needed' }, 'warn', null) : refused === null ? null : text({ kind: 'reserve_refused', message: refused });
  return { reserving, refused: notice, reserve, text };
}
