import { describe, expect, it } from 'vitest';
import type { TEventSession } from '@foyer/contracts';
import { dateFirstReducer, INITIAL_DATE_FIRST, type DateFirstState } from '../src/features/events/detail/flows/date-first-state.js';

const session = { id: 's-1', start_datetime: '2030-05-01T18:00:00Z' } as TEventSession;
const chosen = (): DateFirstState => ({ ...INITIAL_DATE_FIRST, date: '2030-05-01', session, autoSession: true, autoPickFirst: true, notice: { text: 'old', at: 'top' } });

describe('date-first choices (docs/events.md#flows)', () => {
  it('a date clears the session, the any-date choice and the notice, and focuses the times', () => {
    const state = dateFirstReducer({ ...chosen(), flexible: true, editingDate: true }, { type: 'dateChosen', date: '2030-05-02' });
    expect(state).toEqual({ ...INITIAL_DATE_FIRST, date: '2030-05-02', focusStep: 'session' });
  });

  it('the any-date choice clears the date; choosing one date again focuses the dates', () => {
    expect(dateFirstReducer(chosen(), { type: 'flexibleChosen', wanted: true })).toEqual({ ...INITIAL_DATE_FIRST, flexible: true, focusStep: 'tickets' });
    expect(dateFirstReducer(chosen(), { type: 'flexibleChosen', wanted: false }).focusStep).toBe('date');
  });

  it("a link's date, first session or session is taken as it is", () => {
    expect(dateFirstReducer(INITIAL_DATE_FIRST, { type: 'linkDate', date: '2030-05-01', firstSession: false })).toMatchObject({ date: '2030-05-01', autoPickFirst: false });
    expect(dateFirstReducer(INITIAL_DATE_FIRST, { type: 'linkDate', date: '2030-05-01', firstSession: true })).toMatchObject({ autoPickFirst: true });
    expect(dateFirstReducer(INITIAL_DATE_FIRST, { type: 'linkSession', date: '2030-05-01', session })).toMatchObject({ date: '2030-05-01', session });
  });

  it('a session taken for the buyer keeps the focus; an all-day one has no Change; a picked one focuses the tickets', () => {
    const open = { ...chosen(), session: null, autoSession: false };
    expect(dateFirstReducer(open, { type: 'sessionPicked', session, auto: true, allDay: true })).toMatchObject({ session, autoSession: true, autoPickFirst: false, notice: null, focusStep: null });
    expect(dateFirstReducer(open, { type: 'sessionPicked', session, auto: false, allDay: true })).toMatchObject({ autoSession: false, focusStep: 'tickets' });
    expect(dateFirstReducer(chosen(), { type: 'changeSession' })).toMatchObject({ session: null, focusStep: 'session' });
  });

  it('sold out: the session says so at the times, the day at the dates, any-date at the top', () => {
    expect(dateFirstReducer(chosen(), { type: 'sessionSoldOut', notice: 'gone' })).toMatchObject({ date: '2030-05-01', session: null, autoSession: false, autoPickFirst: false, notice: { text: 'gone', at: 'session' }, focusStep: 'session' });
    expect(dateFirstReducer({ ...chosen(), editingDate: true }, { type: 'daySoldOut', notice: 'full' })).toMatchObject({ date: null, editingDate: false, session: null, notice: { text: 'full', at: 'date' }, focusStep: 'date' });
    expect(dateFirstReducer({ ...chosen(), flexible: true }, { type: 'flexibleSoldOut', notice: 'no' })).toMatchObject({ flexible: false, notice: { text: 'no', at: 'top' }, focusStep: 'date' });
  });

  it('browser Back clears the time, then the date; an empty notice clears it', () => {
    expect(dateFirstReducer(chosen(), { type: 'backTo', level: 1 })).toMatchObject({ date: '2030-05-01', session: null, autoSession: false, autoPickFirst: false });
    expect(dateFirstReducer({ ...chosen(), editingDate: true }, { type: 'backTo', level: 0 })).toMatchObject({ date: null, editingDate: false, session: null });
    expect(dateFirstReducer(chosen(), { type: 'backTo', level: 2 })).toEqual(chosen());
    expect(dateFirstReducer(chosen(), { type: 'notice', text: null }).notice).toBeNull();
    expect(dateFirstReducer(chosen(), { type: 'editDate' }).editingDate).toBe(true);
    expect(dateFirstReducer({ ...chosen(), focusStep: 'date' }, { type: 'focused' }).focusStep).toBeNull();
  });
});
