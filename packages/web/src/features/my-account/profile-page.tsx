import { en } from '../../i18n/en.js';
import { useOptionalAccount } from '../account/account-context.js';
import { MyAccountPage } from './my-account-page.js';

/** My Account profile (/my/profile, 001 §2): e-mail and names read-only, the member id and ZIP when there are; a visitor sees the login form. */
export function Component() {
  return (
    <MyAccountPage className="my-profile" title={en.myAccount.profileTitle} loginLead={en.myAccount.profileLead}>
      <Profile />
    </MyAccountPage>
  );
}

function Profile() {
  const user = useOptionalAccount()?.user;
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
  );
}
