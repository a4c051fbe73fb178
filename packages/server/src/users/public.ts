// What other areas may use of users/ (docs/architecture.md#public-modules): they import it from here, never from a *.repository.ts of this area.
export { subjectOfUser } from './external-login.repository.js';
export { updateUser, userByDeliverableEmail, userById, userByIdentity, userByScanCodeKey, type UserRow, usersByIdentities } from './user.repository.js';
