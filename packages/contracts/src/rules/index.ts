/**
 * The rules of docs/events.md#field-rules that the server enforces and the browser re-checks, written once. No zod
 * and no I/O here, so the event screen can import them without pulling the wire schemas.
 */
export * from './ticket-limits.js';
export * from './flexible-price.js';
export * from './email.js';
export * from './password.js';
export * from './fees.js';
export * from './attendees.js';
export * from './survey.js';
export * from './gift-code.js';
export * from './regions.js';
export * from './identity-form.js';
export * from './profile-form.js';
export * from './address-lookup.js';
export * from './redirects.js';
export * from './self-edit.js';
export * from './add-on.js';
export * from './image-urls.js';
export * from './theme.js';
export * from './seller-meta.js';
export * from './event-page-path.js';
export * from './ticket-date-time.js';
export * from './add-on-window.js';
export * from './member-roles.js';
export * from './resident-zip.js';
export * from './session-length.js';
export * from './venue-clock.js';
export * from './date-formats.js';
