// The date-first flow's choices in one reducer (docs/events.md#flows): any-date tickets or a date, the session,
// the step to focus and the flow's notice; choosing a date clears the session, a sold-out session clears the selection.
import type { TEventSession } from '@foyer/contracts';

export type DateFirstFocus = 'session' | 'tickets' | 'date';

/** A message of the flow and the step it belongs to (top of the steps, the date step or the time step). */
export interface FlowNotice {
  text: string;
  at: 'top' | 'date' | 'session';
}

export interface DateFirstState {
  /** Flexible any-date tickets chosen instead of a date. */
  flexible: boolean;
  date: string | null;
  /** The buyer opened the chosen date again to change it. */
  editingDate: boolean;
  session: TEventSession | null;
  /** The day's only session (all-day) was taken for the buyer: nothing to change then. */
  autoSession: boolean;
  /** The session picker takes the day's first session (a "today" or "next" link). */
  autoPickFirst: boolean;
  focusStep: DateFirstFocus | null;
  notice: FlowNotice | null;
}

export type DateFirstAction =
  | { type: 'flexibleChosen'; wanted: boolean }
  | { type: 'dateChosen'; date: string }
  | { type: 'editDate' }
  | { type: 'linkDate'; date: string; firstSession: boolean }
  | { type: 'linkSession'; date: string; session: TEventSession }
  | { type: 'notice'; text: string | null; at?: FlowNotice['at'] }
  | { type: 'sessionPicked'; session: TEventSession; auto: boolean; allDay: boolean }
  | { type: 'changeSession' }
  | { type: 'flexibleSoldOut'; notice: string }
  | { type: 'sessionSoldOut'; notice: string }
  | { type: 'daySoldOut'; notice: string }
  | { type: 'backTo'; level: number }
  | { type: 'focused' };

export const INITIAL_DATE_FIRST: DateFirstState = { flexible: false, date: null, editingDate: false, session: null, autoSession: false, autoPickFirst: false, focusStep: null, notice: null };

const noSession = { session: null, autoSession: false, autoPickFirst: false } as const;
const notice = (text: string | null, at: FlowNotice['at'] = 'top'): FlowNotice | null => (text ? { text, at } : null);

export function dateFirstReducer(state: DateFirstState, action: DateFirstAction): DateFirstState {
  switch (action.type) {
    case 'flexibleChosen':
      // The any-date choice clears the date and vice versa.
      return { ...state, ...noSession, flexible: action.wanted, date: null, editingDate: false, notice: null, focusStep: action.wanted ? 'tickets' : 'date' };
    case 'dateChosen':
      return { ...state, ...noSession, flexible: false, date: action.date, editingDate: false, notice: null, focusStep: 'session' };
    case 'editDate':
      return { ...state, editingDate: true };
    case 'linkDate':
      return { ...state, date: action.date, autoPickFirst: action.firstSession || state.autoPickFirst };
    case 'linkSession':
      return { ...state, date: action.date, session: action.session };
    case 'notice':
      return { ...state, notice: notice(action.text, action.at) };
    case 'sessionPicked':
      // A session taken for the buyer keeps the focus where it is.
      return { ...state, session: action.session, autoSession: action.auto && action.allDay, autoPickFirst: false, notice: null, focusStep: action.auto ? null : 'tickets' };
    case 'changeSession':
      return { ...state, session: null, focusStep: 'session' };
    case 'flexibleSoldOut':
      return { ...state, flexible: false, notice: notice(action.notice), focusStep: 'date' };
    case 'sessionSoldOut':
      return { ...state, ...noSession, notice: notice(action.notice, 'session'), focusStep: 'session' };
    case 'daySoldOut':
      return { ...state, ...noSession, date: null, editingDate: false, notice: notice(action.notice, 'date'), focusStep: 'date' };
    case 'backTo':
      // Browser Back between the steps: tickets → time → date.
      return { ...state, ...(action.level < 2 ? noSession : {}), ...(action.level < 1 ? { date: null, editingDate: false } : {}) };
    case 'focused':
      return { ...state, focusStep: null };
  }
}
