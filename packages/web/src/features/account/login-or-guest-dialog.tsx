import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';

/** The login-or-guest dialog (docs/accounts.md#web-screens): members log in, everyone else goes on as a guest. */
export function LoginOrGuestDialog({ open, onLogin, onGuest, onClose }: { open: boolean; onLogin: () => void; onGuest: () => void; onClose: () => void }) {
  return (
    <Modal open={open} title={en.account.loginOrGuestTitle} onClose={onClose}>
      <div className="dialog-body">
        <p>{en.account.loginOrGuestText}</p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus onClick={onLogin}>
          {en.account.login}
        </button>
        <button type="button" className="button button--secondary" onClick={onGuest}>
          {en.account.continueAsGuest}
        </button>
      </div>
    </Modal>
  );
}
