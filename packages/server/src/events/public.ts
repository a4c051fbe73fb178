// What other areas may use of events/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { dropUnreadCalendarChanges, noteCalendarChange, noteCalendarChangeOfSession, WHOLE_EVENT } from './calendar-changes.repository.js';
export { configOfResources, eventsByIds, eventsOfSessions, expiredSessionHolds, groupsByIds, typesByIds, venuesByIds } from './events.repository.js';
export { sessionsWithTemplate } from './session-with-template.repository.js';
