// Why: a deep link's date or session (and `reserve`) in the quantity-first flow, apart from the steps' own state.
import type { TDocument, TEventSession, TTicketTypesRequired } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { listOf } from '../../../../api/document.js';
import { sessionByIdQuery } from '../../../../api/queries.js';
import { safeTz, todayIn } from '../../../../lib/venue-time.js';
import { NO_LINK, type DeepLink, type LinkProblem, type Preselection } from './deep-links.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import type { Quantities } from '../quantities/quantities.js';
import { isSessionSoldOut } from '../dates-sessions/session-tabs.js';
import { useLinkReserve } from './use-deep-links.js';

type Loaded = { isSuccess: boolean; data: TDocument | undefined };

/**
 * A deep link's date or session (docs/deep-links.md#deep-links-to-an-event) is picked once the calendar (then the day's
 * sessions) for the quantities is known. `pending` holds what is still to pick.
 */
export function useQuantityFirstLink(input: {
  link: DeepLink | undefined;
  detail: EventDetail;
  request: TTicketTypesRequired | null;
  date: string | null;
  session: TEventSession | null;
  calendar: Loaded;
  sessions: Loaded;
  /** The link's own ticket quantities, when it names any. */
  linkedQuantities: Quantities | null;
  quantities: Quantities;
  pickDate: (date: string) => void;
  pickSession: (session: TEventSession) => void;
  setSessionNotice: (text: string) => void;
}) {
  const { link, detail, request, date, session, calendar, sessions } = input;
  const { event, timezone } = detail;
  const pending = useRef<Preselection>(link?.preselect ?? null);
  const [dateNotice, setDateNotice] = useState<string | null>(null);
  // With `reserve` on, the link's session is reserved as soon as it is picked, as in the other flows.
  const linkReserve = useLinkReserve(link ?? NO_LINK, detail);
  const linkText = linkReserve.text;
  const linkedSessionId = link?.preselect?.kind === 'session' ? link.preselect.id : '';
  const sessionById = useQuery({ ...sessionByIdQuery(event.id, linkedSessionId), enabled: linkedSessionId !== '' });
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !request || date || !calendar.isSuccess) return;
    const open = listOf(calendar.data, 'calendar').filter((d) => d.status === 'available').map((d) => d.date);
    let day: string | undefined;
    let problem: LinkProblem = { kind: 'session_unavailable' };
    if (wanted.kind === 'date') {
      day = open.find((d) => d === wanted.date);
      problem = { kind: 'date_unavailable', date: wanted.date };
      pending.current = null;
    } else if (wanted.kind === 'today') day = open.find((d) => d === todayIn(timezone));
    else if (wanted.kind === 'next') day = open[0];
    else {
      if (sessionById.isPending) return;
      const found = listOf(sessionById.data, 'event_session').find((x) => x.id === wanted.id && !isSessionSoldOut(x));
      day = found ? open.find((d) => d === safeTz(found.start_datetime, timezone).format('YYYY-MM-DD')) : undefined;
    }
    if (day) input.pickDate(day);
    else {
      pending.current = null;
      setDateNotice(linkText(problem));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link input callbacks change each render; the step runs when its data arrives
  }, [request, date, calendar.isSuccess, calendar.data, sessionById.isPending, sessionById.data]);

  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !date || session || !sessions.isSuccess) return;
    pending.current = null;
    const open = listOf(sessions.data, 'event_session').filter((x) => !isSessionSoldOut(x));
    const found = wanted.kind === 'session' ? open.find((x) => x.id === wanted.id) : open[0];
    if (found) {
      input.pickSession(found);
      // Only the link's own tickets are reserved unasked (quantities chosen by hand are the buyer's to confirm).
      if (input.linkedQuantities && Object.keys(input.linkedQuantities).length) linkReserve.reserve(input.quantities, found.id);
    } else input.setSessionNotice(linkText({ kind: 'session_unavailable' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link input callbacks change each render; the step runs when its data arrives
  }, [date, session, sessions.isSuccess, sessions.data]);

  return { pending, dateNotice, setDateNotice, linkReserve };
}
