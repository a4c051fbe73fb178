import type { TDocument, TEventSession } from '@foyer/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../../api/client.js';
import { listOf } from '../../../../api/document.js';
import { SESSION_LIMIT } from '../../../../api/queries.js';
import type { SellerInfo } from '../../../../config/use-config.js';
import { useEventDisplay } from '../use-event-display.js';
import { en, format } from '../../../../i18n/en.js';
import { formatDateTime, formatTime } from '../../../../lib/dates.js';
import { safeTz, todayIn } from '../../../../lib/venue-time.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton } from '../../../../ui/skeleton.js';
import { sessionTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { NO_LINK, type DeepLink, type LinkProblem } from '../deep-links/deep-links.js';
import { QuantitySelection } from '../quantities/quantity-selection.js';
import { eventQuantityProps } from '../quantities/quantity-selection-props.js';
import { createSelectionCache } from '../quantities/selection-cache.js';
import { useDeepLinkTickets } from '../deep-links/use-deep-links.js';
import { LinkNotices } from '../deep-links/link-notices.js';
import { StepMessages } from '../step-messages.js';
import { isSessionSoldOut, sessionAvailability } from '../dates-sessions/session-tabs.js';
import { OptionButton } from '../dates-sessions/option-button.js';
import { SessionStatus } from '../dates-sessions/session-status.js';
import { useFlowHistory } from './use-flow-history.js';
import { TitledStep } from './titled-step.js';


/** Every session of the event on sale, soonest first (a single event has one or a few). */
function eventSessionsQuery(eventId: string) {
  const query = { _sort: 'start_datetime' };
  return queryOptions({
    queryKey: ['event_session', 'list', { event: eventId, ...query, all: true }] as const,
    queryFn: ({ signal }) => api.get<TDocument>(`events/${encodeURIComponent(eventId)}/sessions`, { cached: true, query, limit: SESSION_LIMIT, signal }),
    staleTime: 30_000,
  });
}

/**
 * What a deep link picks among the event's sessions (docs/deep-links.md#deep-links-to-an-event): session=today (today's first on
 * sale), next (the first on sale) or an id; date= takes that day's time when it has only one.
 * A miss is a problem to show; null = nothing to pick (or several times on the date).
 */
export function linkedSession(
  link: DeepLink | undefined,
  sessions: readonly TEventSession[],
  timezone: string,
  today: string,
): { session: TEventSession | null; problem: LinkProblem | null } {
  const preselect = link?.preselect ?? null;
  const open = sessions.filter((s) => !isSessionSoldOut(s));
  const day = (s: TEventSession) => safeTz(s.start_datetime, timezone).format('YYYY-MM-DD');
  const found = (session: TEventSession | undefined, problem: LinkProblem) => (session ? { session, problem: null } : { session: null, problem });
  if (!preselect) return { session: null, problem: null };
  switch (preselect.kind) {
    case 'today':
      return found(open.find((s) => day(s) === today), { kind: 'session_unavailable' });
    case 'next':
      return found(open[0], { kind: 'session_unavailable' });
    case 'session':
      return found(open.find((s) => s.id === preselect.id), { kind: 'session_unavailable' });
    case 'date': {
      const onDay = open.filter((s) => day(s) === preselect.date);
      if (!onDay.length) return { session: null, problem: { kind: 'date_unavailable', date: preselect.date } };
      return { session: onDay.length === 1 ? onDay[0] : null, problem: null };
    }
  }
}

/**
 * Single event (docs/events.md#the-event-page): no date picker — the event's dates and times as one list; with only one
 * on sale it is taken. Then quantities, details and reserve as in the date-first flow. Deep links
 * pick the session (session, date), the tickets (select, quantities) and may reserve at once.
 */
export function SingleEventFlow({ detail, seller, link }: { detail: EventDetail; seller: SellerInfo; link?: DeepLink }) {
  const client = useQueryClient();
  const { event, timezone } = detail;
  const query = useQuery(eventSessionsQuery(event.id));
  const sessions = listOf(query.data, 'event_session');
  const open = sessions.filter((s) => !isSessionSoldOut(s));
  const { threshold } = useEventDisplay(detail);
  const [session, setSession] = useState<TEventSession | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const only = sessions.length === 1 && open.length === 1 ? open[0] : null;
  const chosen = session ?? only;
  const heading = useRef<HTMLHeadingElement>(null);
  useFlowHistory(session ? 1 : 0, () => setSession(null));

  const [selectionCache] = useState(createSelectionCache);
  const chosenDate = chosen ? safeTz(chosen.start_datetime, timezone).format('YYYY-MM-DD') : null;
  const linked = useDeepLinkTickets({ link: link ?? NO_LINK, detail, session: chosen, sessionDate: chosenDate, cache: selectionCache });
  // The link's session, once the sessions are known (once only: the buyer may change it after).
  const linkApplied = useRef(false);
  useEffect(() => {
    if (linkApplied.current || !query.isSuccess) return;
    linkApplied.current = true;
    const picked = linkedSession(link, sessions, timezone, todayIn(timezone));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the link applies after hydration, so the server's HTML and the first client render agree
    if (picked.session) setSession(picked.session);
    if (picked.problem) setNotice(linked.text(picked.problem));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is applied once, when the sessions first load
  }, [query.isSuccess]);

  useEffect(() => {
    if (session) heading.current?.focus();
  }, [session]);

  return (
    <div className="steps">
      <section className={`panel step${chosen ? ' step--done' : ''}`} aria-labelledby="single-session">
        <div className="step__header">
          {chosen ? (
            <p className="step__chosen">
              <span className="step__chosen-label" id="single-session">
                {en.event.steps.session}
              </span>
              {formatDateTime(chosen.start_datetime, timezone)}
            </p>
          ) : (
            <h2 id="single-session" className="step__title">
              {en.flows.eventSessions}
            </h2>
          )}
          {session && !only && (
            <button type="button" className="button button--secondary button--small" aria-label={en.sessions.changeTime} onClick={() => setSession(null)}>
              {en.sessions.change}
            </button>
          )}
        </div>
        <LinkNotices warnings={[notice, linked.notice]} reserving={linked.reserving} />
        {chosen && <StepMessages texts={sessionTexts(detail.messageRules, 'session_message', chosen, timezone)} />}
        {!chosen &&
          (query.isPending ? (
            <Skeleton height={56} />
          ) : query.isError ? (
            <ErrorNotice title={en.sessions.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
          ) : !sessions.length ? (
            <p className="notice" role="status">
              {en.event.noTickets}
            </p>
          ) : (
            <ul className="time-list time-list--dated" aria-label={en.flows.eventSessions}>
              {sessions.map((s) => {
                const availability = sessionAvailability(s, threshold);
                const soldOut = availability.kind === 'sold_out';
                return (
                  <li key={s.id}>
                    <OptionButton
                      className="time-button"
                      pressed={false}
                      soldOut={soldOut}
                      data={{ 'data-session-id': s.id }}
                      onChoose={() => {
                        setSession(s);
                        setNotice(null);
                      }}
                    >
                      <span>{formatDateTime(s.start_datetime, timezone)}</span>
                      <SessionStatus availability={availability} />
                    </OptionButton>
                  </li>
                );
              })}
            </ul>
          ))}
      </section>
      <TitledStep id="single-tickets" headingRef={heading} title={chosen ? en.event.chooseTickets : en.event.ticketsAndPrices}>
        <QuantitySelection
          {...eventQuantityProps(detail, seller.currency)}
          session={chosen}
          date={chosenDate}
          cache={selectionCache}
          onSoldOut={(sold) => {
            setSession(null);
            setNotice(format(en.quantities.sessionSoldOut, { time: formatTime(sold.start_datetime, timezone) }));
            void client.invalidateQueries({ queryKey: eventSessionsQuery(event.id).queryKey });
          }}
        />
      </TitledStep>
    </div>
  );
}
