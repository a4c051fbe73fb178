import type { TDocument, TEventSession, TMessageRule } from '@foyer/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { listOf } from '../../../../api/document.js';
import { sessionsQuery } from '../../../../api/queries.js';
import { en, format } from '../../../../i18n/en.js';
import { formatTime } from '../../../../lib/dates.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton } from '../../../../ui/skeleton.js';
import { sessionTexts } from '../message-rules.js';
import { initialTabIndex, isSessionSoldOut, sessionAvailability, splitSessionsIntoTabs, type SessionTab } from './session-tabs.js';
import { isAllDaySession } from '@foyer/contracts/rules';
import { isMultiDaySession } from '../../../../lib/session-length.js';
import { useLiveSessions } from './use-live-sessions.js';
import { OptionButton } from './option-button.js';
import { SessionStatus } from './session-status.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { useEventDisplay } from '../use-event-display.js';

/** A sessions document to list instead of the day's GET. */
export type SessionsSource = UseQueryOptions<TDocument, Error, TDocument>;

export interface SessionPickerProps {
  /** The event: its id, timezone, display settings and session_annotation rules (badges on matching times). */
  detail: EventDetail;
  date: string;
  /** Sold-out times left out; the event's web.hide_sold_out_sessions unless given. */
  hideSoldOut?: boolean;
  /** The time shown chosen; none where the picker shows only until a time is chosen (the event flows). */
  selectedId?: string | null;
  /** `auto` is true when the picker took the day's only (all-day) session itself. */
  onSelect: (session: TEventSession, auto: boolean) => void;
  /** Take the first session on sale (the `session=today|next` query parameter). */
  autoPickFirst?: boolean;
  /** Only sessions passing this (an add-on's visit window). */
  filter?: (session: TEventSession) => boolean;
  /** Where the sessions come from instead of the day's GET (quantity-first: POST with the quantities). */
  source?: SessionsSource;
  /** A price line under each time (the quantity-first price schedule). */
  priceOf?: (session: TEventSession) => string | null;
}

interface ListContext {
  timezone: string;
  threshold: number;
  selectedId: string | null;
  onSelect: (session: TEventSession) => void;
  rules: TMessageRule[];
  priceOf?: (session: TEventSession) => string | null;
}

function tabStatusText(tab: SessionTab): string | null {
  if (tab.status === 'not_available') return en.sessions.notAvailable;
  if (tab.status === 'sold_out') return en.sessions.soldOut;
  return null;
}

/** Session picker (docs/events.md#the-event-page): tabs by time of day of time buttons with availability. */
export function SessionPicker({ detail, date, hideSoldOut: hideSoldOutGiven, selectedId = null, onSelect, autoPickFirst, filter, source, priceOf }: SessionPickerProps) {
  const display = useEventDisplay(detail);
  const { timezone, messageRules: rules } = detail;
  const eventId = detail.event.id;
  const { threshold } = display;
  const hideSoldOut = hideSoldOutGiven ?? display.hideSoldOut;
  const query = useQuery(source ?? (sessionsQuery(eventId, date, { hideSoldOut }) as unknown as SessionsSource));
  // The day's sessions follow sales live: the day's GET, or the given source (quantity-first's priced POST) asked again.
  useLiveSessions(eventId, date, { hideSoldOut }, query.isSuccess, source);
  // Sessions spanning days are the flexible any-date option, not a time on this date.
  const all = listOf(query.data, 'event_session').filter((s) => !isMultiDaySession(s) && (!filter || filter(s)));
  const sessions = hideSoldOut ? all.filter((s) => !isSessionSoldOut(s)) : all;
  const context: ListContext = { timezone, threshold, selectedId, onSelect: (s) => onSelect(s, false), rules, priceOf };

  // A day with one all-day session has no time to choose: take it.
  const onlyAllDay = sessions.length === 1 && isAllDaySession(sessions[0]) && !isSessionSoldOut(sessions[0]) ? sessions[0] : null;
  const autoPick = onlyAllDay ?? (autoPickFirst ? (sessions.find((s) => !isSessionSoldOut(s)) ?? null) : null);
  const autoPicked = useRef<string | null>(null);
  useEffect(() => {
    if (autoPick && !selectedId && autoPicked.current !== autoPick.id) {
      autoPicked.current = autoPick.id;
      onSelect(autoPick, true);
    }
  }, [autoPick, selectedId, onSelect]);

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={en.sessions.loading}>
        <Skeleton height={56} style={{ marginBottom: 12 }} />
        <div className="time-list">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={56} />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) return <ErrorNotice title={en.sessions.errorTitle} error={query.error} onRetry={() => void query.refetch()} />;

  if (!sessions.length) {
    return (
      <p className="notice" role="status">
        {en.sessions.noSessions}
      </p>
    );
  }
  if (sessions.length === 1) {
    return <TimeList sessions={sessions} context={context} label={en.sessions.heading} />;
  }
  const tabs = splitSessionsIntoTabs(sessions, display.tabs, { timezone, fallbackLabels: en.sessions.defaultTabLabels });
  return <SessionTabs key={date} tabs={tabs} context={context} />;
}

function SessionTabs({ tabs, context }: { tabs: SessionTab[]; context: ListContext }) {
  const { selectedId } = context;
  const id = useId();
  const [active, setActive] = useState(() => {
    const withSelected = tabs.findIndex((t) => t.sessions.some((s) => s.id === selectedId));
    return withSelected >= 0 ? withSelected : initialTabIndex(tabs);
  });
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tabs.map((t, i) => (t.status !== 'not_available' ? i : -1)).filter((i) => i >= 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!enabled.length) return;
    const position = enabled.indexOf(active);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = enabled[(position + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(position - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    refs.current[next]?.focus();
  };

  const current = tabs[active];
  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- the tabs inside take focus (roving tabindex); the list hears their arrow keys */}
      <div className="tabs" role="tablist" aria-label={en.sessions.tabsLabel} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const status = tabStatusText(tab);
          const disabled = tab.status === 'not_available';
          return (
            <button
              key={tab.from}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              className="tab"
              aria-selected={i === active}
              aria-controls={`${id}-panel`}
              aria-disabled={disabled || undefined}
              tabIndex={i === active ? 0 : -1}
              onClick={() => {
                if (!disabled) setActive(i);
              }}
            >
              <span>{tab.label}</span>
              {status && <span className="tab__status">{status}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
        {current.sessions.length ? (
          <TimeList sessions={current.sessions} context={context} label={format(en.sessions.timesLabel, { tab: current.label })} />
        ) : (
          <p className="muted">{en.sessions.notAvailable}</p>
        )}
      </div>
    </div>
  );
}

function TimeList({ sessions, context, label }: { sessions: TEventSession[]; context: ListContext; label: string }) {
  const { timezone, threshold, selectedId, onSelect, rules, priceOf } = context;
  return (
    <ul className="time-list" aria-label={label}>
      {sessions.map((session) => {
        const availability = sessionAvailability(session, threshold);
        const soldOut = availability.kind === 'sold_out';
        const badges = sessionTexts(rules, 'session_annotation', session, timezone);
        const price = soldOut ? null : (priceOf?.(session) ?? null);
        return (
          <li key={session.id}>
            <OptionButton className="time-button" pressed={selectedId === session.id} soldOut={soldOut} data={{ 'data-session-id': session.id }} onChoose={() => onSelect(session)}>
              <span>{isAllDaySession(session) ? en.sessions.allDay : formatTime(session.start_datetime, timezone)}</span>
              <SessionStatus availability={availability} />
              {price && <span className="time-button__price">{price}</span>}
              {badges.map((text) => (
                <span key={text} className="badge badge--accent">
                  {text}
                </span>
              ))}
            </OptionButton>
          </li>
        );
      })}
    </ul>
  );
}
