import { useOptionalAccount } from './account-context.js';

/** A member: a logged-in account with a member id, or one that holds membership cards (GET my/user carries them). */
export function useIsMember(): boolean {
  const account = useOptionalAccount();
  // Every user document carries the membership list, empty for a non-member (server/src/users/user-document.ts).
  const cards = account?.user ? (account.userDocument?.membership._data.length ?? 0) : 0;
  return !!account?.user && (account.user.scan_code !== null || cards > 0);
}
