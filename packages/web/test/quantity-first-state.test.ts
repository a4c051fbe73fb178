import { describe, expect, it } from 'vitest';
import type { TEventSession } from '@foyer/contracts';
import { currentStep, INITIAL_QUANTITY_FIRST, quantityFirstReducer, type QuantityFirstState } from '../src/features/events/detail/flows/quantity-first-state.js';

const request = { ticket_types_required: [{ ticket_type_id: 't-1', quantity: 2 }] } as QuantityFirstState['request'] & object;
const session = { id: 's-1', start_datetime: '2030-05-01T18:00:00Z' } as TEventSession;
const chosen = (): QuantityFirstState => ({ ...INITIAL_QUANTITY_FIRST, request, date: '2030-05-01', session, sessionNotice: 'old' });

describe('quantity-first steps (docs/events.md#flows)', () => {
  it('the step is the first one not yet chosen', () => {
    expect(currentStep(INITIAL_QUANTITY_FIRST)).toBe('quantities');
    expect(currentStep({ ...INITIAL_QUANTITY_FIRST, request })).toBe('date');
    expect(currentStep({ ...INITIAL_QUANTITY_FIRST, request, date: '2030-05-01' })).toBe('session');
    expect(currentStep(chosen())).toBe('details');
  });

  it('going back to a step clears what was chosen after it and focuses it', () => {
    expect(quantityFirstReducer(chosen(), { type: 'backTo', step: 'session' })).toMatchObject({ request, date: '2030-05-01', session: null, focusStep: 'session' });
    expect(quantityFirstReducer(chosen(), { type: 'backTo', step: 'date' })).toMatchObject({ request, date: null, session: null, focusStep: 'date' });
    expect(quantityFirstReducer(chosen(), { type: 'backTo', step: 'quantities' })).toMatchObject({ request: null, date: null, session: null, focusStep: 'quantities' });
  });

  it('asking for dates shows the quantity errors; the calendar opens with nothing chosen; its refusal reopens the quantities with its text', () => {
    let state = quantityFirstReducer({ ...INITIAL_QUANTITY_FIRST, quantityError: 'No room' }, { type: 'datesAsked' });
    expect(state).toMatchObject({ checkQuantities: true, quantityError: null });
    state = quantityFirstReducer({ ...chosen(), request: null }, { type: 'datesShown', request });
    expect(state).toMatchObject({ request, date: null, session: null, focusStep: 'date' });
    state = quantityFirstReducer(state, { type: 'calendarRefused', error: 'Too many' });
    expect(state).toMatchObject({ request: null, quantityError: 'Too many', focusStep: 'quantities' });
    expect(quantityFirstReducer(state, { type: 'quantitiesChanged' }).quantityError).toBeNull();
  });

  it("the buyer's date drops the session and its notice; a deep link's date keeps the notice", () => {
    const base = { ...chosen(), date: null };
    expect(quantityFirstReducer(base, { type: 'dateChosen', date: '2030-05-02', byBuyer: true })).toMatchObject({ date: '2030-05-02', session: null, sessionNotice: null, focusStep: 'session' });
    expect(quantityFirstReducer(base, { type: 'dateChosen', date: '2030-05-02', byBuyer: false })).toMatchObject({ date: '2030-05-02', sessionNotice: 'old', focusStep: 'session' });
  });

  it('a session chosen focuses the details; a sold-out session goes back to the sessions with its notice', () => {
    const open = { ...chosen(), session: null };
    expect(quantityFirstReducer(open, { type: 'sessionChosen', session, byBuyer: true })).toMatchObject({ session, sessionNotice: null, focusStep: 'details' });
    expect(quantityFirstReducer(open, { type: 'sessionChosen', session, byBuyer: false })).toMatchObject({ session, sessionNotice: 'old' });
    expect(quantityFirstReducer(chosen(), { type: 'sessionSoldOut', notice: 'Sold out' })).toMatchObject({ session: null, sessionNotice: 'Sold out', focusStep: 'session' });
    expect(quantityFirstReducer(chosen(), { type: 'sessionNotice', notice: null }).sessionNotice).toBeNull();
  });

  it('reserving shows the details errors; the focus is taken once', () => {
    expect(quantityFirstReducer(chosen(), { type: 'detailsChecked' }).checkDetails).toBe(true);
    expect(quantityFirstReducer({ ...chosen(), focusStep: 'details' }, { type: 'focused' }).focusStep).toBeNull();
  });
});
