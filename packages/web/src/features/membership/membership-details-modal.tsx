import { Link } from 'react-router';
import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { MembershipDetails } from './membership-details.js';

/**
 * The membership details modal (docs/memberships.md#2-buying dialogs), opened from the member menu: the member's cards
 * with IDs and QR codes to show at the door, renew when allowed, and the full page in My Account.
 */
export default function MembershipDetailsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={en.membership.detailsTitle} onClose={onClose} size="lg">
      <div className="membership-details-modal">
        <MembershipDetails headingLevel={3} />
        <p className="membership-details-modal__page">
          <Link to="/my/membership" onClick={onClose}>
            {en.membership.detailsPage}
          </Link>
        </p>
      </div>
    </Modal>
  );
}
