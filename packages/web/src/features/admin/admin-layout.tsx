import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { STAFF_ACTION_ROLES, staffRoleAllows } from '@foyer/contracts/constants';
import { isApiError } from '../../api/client.js';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { adminCall, meQuery } from './admin-api.js';
import { SignIn } from './sign-in.js';
import './admin.css';

/** The staff app's frame (docs/box-office.md): signed in, its navigation and the screen; else the sign-in. */
export function Component() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery(meQuery());
  if (me.isPending) return <p className="admin-loading">{t.loading}</p>;
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 401) return <SignIn onSignedIn={() => void client.invalidateQueries({ queryKey: ['admin_me'] })} />;
    return <p role="alert">{fill(t.error, { message: me.error.message })}</p>;
  }
  const signOut = async () => {
    await adminCall('logout', { method: 'POST' }).catch(() => undefined);
    client.removeQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('admin_') });
    await navigate('/admin');
    void client.invalidateQueries({ queryKey: ['admin_me'] });
  };
  const staff = me.data.staff;
  const office = staff.role !== 'door';
  return (
    <div className="admin">
      <header className="admin__header">
        <span className="admin__brand">{t.title}</span>
        <nav aria-label={t.nav.label}>
          <ul>
            {office && (
              <li>
                <NavLink to="/admin" end>
                  {t.nav.find}
                </NavLink>
              </li>
            )}
            {office && (
              <li>
                <NavLink to="/admin/members">{t.nav.members}</NavLink>
              </li>
            )}
            {office && (
              <li>
                <NavLink to="/admin/sessions">{t.nav.sessions}</NavLink>
              </li>
            )}
            {office && (
              <li>
                <NavLink to="/admin/reports">{t.nav.reports}</NavLink>
              </li>
            )}
            {office && (
              <li>
                <NavLink to="/admin/payment-links">{t.nav.links}</NavLink>
              </li>
            )}
            {staffRoleAllows(staff.role, STAFF_ACTION_ROLES.readAudit) && (
              <li>
                <NavLink to="/admin/audit">{t.nav.audit}</NavLink>
              </li>
            )}
          </ul>
        </nav>
        <span className="admin__who">{fill(t.nav.signedInAs, { email: staff.email, role: t.roles[staff.role] })}</span>
        <button type="button" className="button button--secondary" onClick={() => void signOut()}>
          {t.nav.signOut}
        </button>
      </header>
      <main id="main" className="admin__main">
        <Outlet />
      </main>
    </div>
  );
}
