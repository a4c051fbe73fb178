import type { TUserDocument } from '@foyer/contracts';
import { useOptionalAccount } from './account-context.js';

/** A member: a logged-in account with a member id, or one that holds membership cards (GET my/user carries them). */
export function useIsMember(): boolean {
  const account = useOptionalAccount();
  // A user read may come without its membership list (the contract's type says otherwise).
  const doc: Partial<TUserDocument> | undefined = account?.user ? account.userDocument : undefined;
  const cards = doc?.membership?._data.length ?? 0;
  return !!account?.user && (account.user.scan_code !== null || cards > 0);
}
