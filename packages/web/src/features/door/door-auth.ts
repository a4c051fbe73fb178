/**
 * How the door screen proves who it is (docs/door.md): the one module that knows. A staff
 * account's sign-in (the staff app's own sign-in screen, features/admin/sign-in.tsx) leaves the
 * staff cookie, scoped to /api/admin, so the door's calls go to /api/admin/door. Scanner clients
 * with a FOYER_STAFF_TOKENS bearer token call /api/door instead; this screen has no token.
 */
export const DOOR_API = '/api/admin/door';

/** Ends the staff session (the cookie goes with it). */
export const staffSignOut = () => fetch('/api/admin/logout', { method: 'POST', headers: { app: 'ecomm', 'content-type': 'application/json' }, body: '{}' }).then(() => undefined);
