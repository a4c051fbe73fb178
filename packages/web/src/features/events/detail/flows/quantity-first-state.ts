// The quantity-first flow's steps in one reducer (docs/events.md#flows): the quantities asked for, the date, the
// session, the step to focus and the notices; going back to a step clears what was chosen after it.
import type { TEventSession, TTicketTypesRequired } from '@foyer/contracts';

export type QuantityFirstStepName = 'quantities' | 'date' | 'session' | 'details';
export const QUANTITY_FIRST_STEPS: readonly QuantityFirstStepName[] = ['quantities', 'date', 'session', 'details'];

export interface QuantityFirstState {
  /** The quantities sent for the priced calendar; null while the buyer chooses them. */
  request: TTicketTypesRequired | null;
  date: string | null;
  session: TEventSession | null;
  /** The calendar's refusal, shown on the reopened quantities. */
  quantityError: string | null;
  sessionNotice: string | null;
  /** The quantity step's errors are shown once the buyer asked for dates; the details' once they reserved. */
  checkQuantities: boolean;
  checkDetails: boolean;
  /** The step whose heading takes the focus next. */
  focusStep: QuantityFirstStepName | null;
}

export type QuantityFirstAction =
  | { type: 'backTo'; step: QuantityFirstStepName }
  | { type: 'calendarRefused'; error: string }
  | { type: 'datesAsked' }
  | { type: 'datesShown'; request: TTicketTypesRequired }
  | { type: 'quantitiesChanged' }
  | { type: 'dateChosen'; date: string; byBuyer: boolean }
  | { type: 'sessionChosen'; session: TEventSession; byBuyer: boolean }
  | { type: 'sessionNotice'; notice: string | null }
  | { type: 'sessionSoldOut'; notice: string }
  | { type: 'detailsChecked' }
  | { type: 'focused' };

export const INITIAL_QUANTITY_FIRST: QuantityFirstState = {
  request: null,
  date: null,
  session: null,
  quantityError: null,
  sessionNotice: null,
  checkQuantities: false,
  checkDetails: false,
  focusStep: null,
};

/** The step the buyer is on: the first one not yet chosen. */
export const currentStep = (state: QuantityFirstState): QuantityFirstStepName => (!state.request ? 'quantities' : !state.date ? 'date' : !state.session ? 'session' : 'details');

export function quantityFirstReducer(state: QuantityFirstState, action: QuantityFirstAction): QuantityFirstState {
  switch (action.type) {
    case 'backTo': {
      const level = QUANTITY_FIRST_STEPS.indexOf(action.step);
      return { ...state, request: level <= 0 ? null : state.request, date: level <= 1 ? null : state.date, session: level <= 2 ? null : state.session, focusStep: action.step };
    }
    case 'calendarRefused':
      // Any calendar refusal reopens the quantities with its message.
      return { ...state, quantityError: action.error, request: null, focusStep: 'quantities' };
    case 'datesAsked':
      return { ...state, checkQuantities: true, quantityError: null };
    case 'datesShown':
      return { ...state, request: action.request, date: null, session: null, focusStep: 'date' };
    case 'quantitiesChanged':
      return { ...state, quantityError: null };
    case 'dateChosen':
      // The buyer's new date drops the session and its notice; a deep link's date comes before any.
      return action.byBuyer ? { ...state, date: action.date, session: null, sessionNotice: null, focusStep: 'session' } : { ...state, date: action.date, focusStep: 'session' };
    case 'sessionChosen':
      return { ...state, session: action.session, sessionNotice: action.byBuyer ? null : state.sessionNotice, focusStep: 'details' };
    case 'sessionNotice':
      return { ...state, sessionNotice: action.notice };
    case 'sessionSoldOut':
      return { ...state, session: null, sessionNotice: action.notice, focusStep: 'session' };
    case 'detailsChecked':
      return { ...state, checkDetails: true };
    case 'focused':
      return { ...state, focusStep: null };
  }
}
