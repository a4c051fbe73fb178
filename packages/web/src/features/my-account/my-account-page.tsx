import type { ComponentType, ReactNode } from 'react';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalAccount, LoginPanel } from '../account/public.js';
import { MyAccountNav } from './my-account-nav.js';
import { NotFoundPage } from '../../ui/not-found-page.js';
import { useConfigEntries } from '../../config/use-config.js';
import { myAccountPages, type MyAccountPage as PageName } from '../../config/my-account-pages.js';
import { TitledPage } from '../../ui/titled-page.js';

/**
 * The frame of every My Account page (docs/accounts.md#my-account): its title, the pages' nav, then the page itself for
 * a logged-in user — a placeholder while the session is read, the login form for a visitor. A
 * page the seller's `web.my_account` leaves out (or turns off with `false`) is not found.
 */
export function MyAccountPage({ className, title, loginLead, loading, page, children }: MyAccountFrameProps & { children: ReactNode }) {
  const shown = myAccountPages(useConfigEntries());
  if (page && !shown.includes(page)) return <NotFoundPage />;
  return (
    <MyAccountFrame className={className} title={title} loginLead={loginLead} loading={loading}>
      {children}
    </MyAccountFrame>
  );
}

interface MyAccountFrameProps {
  className: string;
  title: string;
  loginLead: string;
  loading?: ReactNode;
  page?: PageName;
}

/** A My Account route module's Component (the router's lazy routes take `Component`): the page's body in the frame. */
export function myAccountRoute(frame: MyAccountFrameProps, Body: ComponentType): ComponentType {
  return function Component() {
    return (
      <MyAccountPage {...frame}>
        <Body />
      </MyAccountPage>
    );
  };
}

function MyAccountFrame({ className, title, loginLead, loading, children }: { className: string; title: string; loginLead: string; loading?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  const account = useOptionalAccount();
  return (
    <TitledPage className={className} title={title}>
      <MyAccountNav />
      {account?.loading ? (loading ?? <Skeleton height="6rem" />) : account?.user ? children : <LoginPanel lead={loginLead} />}
    </TitledPage>
  );
}
