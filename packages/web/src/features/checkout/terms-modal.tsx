import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';

/**
 * The terms modal (docs/payments.md#captcha-and-terms): shown on pay when the seller has terms and they are not accepted
 * yet. Accept goes on to pay; Decline closes it and the form says the terms are required. With a
 * captcha configured, its notice shows here too.
 */
export function TermsModal({
  open,
  termsUrl,
  termsText,
  captchaNotice,
  onAccept,
  onDecline,
}: {
  open: boolean;
  termsUrl: string | null;
  termsText: string | null;
  captchaNotice: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <Modal open={open} title={en.checkout.termsTitle} onClose={onDecline} size="lg">
      <div className="dialog-body terms-modal">
        <p>{en.checkout.termsIntro}</p>
        {termsText && <div className="terms-modal__text">{termsText}</div>}
        {termsUrl && (
          <p>
            <a href={termsUrl} target="_blank" rel="noreferrer">
              {en.checkout.termsRead}
            </a>
          </p>
        )}
        {captchaNotice && <p className="muted terms-modal__captcha">{en.checkout.captchaNotice}</p>}
        <ConfirmActions decline={en.checkout.termsDecline} confirm={en.checkout.termsAccept} onDecline={onDecline} onConfirm={onAccept} />
      </div>
    </Modal>
  );
}
