import { en } from '../../i18n/en.js';
import { useOptionalAccount } from '../account/public.js';
import { myAccountRoute } from './my-account-page.js';
import { ProfileForm } from './profile-form.js';

/** My Account profile (/my/profile, docs/accounts.md#my-account): the member id when there is one, then the profile form; a visitor sees the login form. */
export const Component = myAccountRoute({ page: 'my_profile', className: 'my-profile', title: en.myAccount.profileTitle, loginLead: en.myAccount.profileLead }, Profile);

function Profile() {
  const user = useOptionalAccount()?.user;
  if (!user) return null;
  return (
    <>
      {user.scan_code && (
        <dl className="my-profile__fields">
          <div className="my-profile__field">
            <dt>{en.myAccount.memberId}</dt>
            <dd>{user.scan_code}</dd>
          </div>
        </dl>
      )}
      {/* Keyed by the user: another login starts from that user's details. */}
      <ProfileForm key={user.id} user={user} />
    </>
  );
}
