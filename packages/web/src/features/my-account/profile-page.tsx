import { en } from '../../i18n/en.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalAccount } from '../account/account-context.js';
import { LoginPanel } from '../account/login-panel.js';
import { MyAccountNav } from './my-account-nav.js';

/** My Account profile (/my/profile, 001 §2): e-mail and names read-only, the member id and ZIP when there are; a visitor sees the login form. */
export function Component() {
  useDocumentTitle(en.myAccount.profileTitle);
  const account = useOptionalAccount();
  const user = account?.user;
  const rows: [string, string | null][] = user
    ? [
        [en.myAccount.email, user.needs_email ? null : user.email],
        [en.myAccount.firstName, user.first_name],
        [en.myAccount.lastName, user.last_name],
        [en.myAccount.memberId, user.scan_code],
        [en.myAccount.zip, user.zip_code],
      ]
    : [];
  return (
    <section className="my-profile" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.myAccount.profileTitle}
      </h1>
      <MyAccountNav />
      {account?.loading ? (
        <Skeleton height="8rem" />
      ) : user ? (
        <div className="panel">
          <dl className="my-profile__fields">
            {rows
              .filter((row): row is [string, string] => !!row[1])
              .map(([label, value]) => (
                <div key={label} className="my-profile__field">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <p className="muted">{en.myAccount.readOnly}</p>
        </div>
      ) : (
        <LoginPanel lead={en.myAccount.profileLead} />
      )}
    </section>
  );
}
