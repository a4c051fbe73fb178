import { Navigate } from 'react-router';
import { useConfigEntries } from '../../config/use-config.js';
import { NotFoundPage } from '../../ui/not-found-page.js';
import { useOptionalAccount, useIsMember } from '../account/public.js';
import { MY_ACCOUNT_PATHS, myAccountPages } from '../../config/my-account-pages.js';

/** /my (docs/accounts.md#my-account): a member goes to /my/membership, anyone else to the first configured page (the profile by default). */
export function Component() {
  const account = useOptionalAccount();
  const member = useIsMember();
  const pages = myAccountPages(useConfigEntries());
  if (account?.loading) return null;
  if (member) return <Navigate to="/my/membership" replace />;
  if (!pages.length) return <NotFoundPage />;
  return <Navigate to={pages.includes('my_profile') ? MY_ACCOUNT_PATHS.my_profile : MY_ACCOUNT_PATHS[pages[0]]} replace />;
}
