import { formText } from '../../lib/form-data.js';
/**
 * The optional customer of an order staff make for someone (docs/box-office.md: comps' recipient,
 * payment links' purchaser): names, e-mail, whether to e-mail them. Each form keeps its own words.
 */
export function ContactFields({ labels }: { labels: { first: string; last: string; email: string; sendEmail: string } }) {
  return (
    <>
      <label>
        {labels.first}
        <input name="first_name" maxLength={100} autoComplete="off" />
      </label>
      <label>
        {labels.last}
        <input name="last_name" maxLength={100} autoComplete="off" />
      </label>
      <label>
        {labels.email}
        <input name="email" type="email" maxLength={254} autoComplete="off" />
      </label>
      <label className="admin-choice">
        <input name="send_email" type="checkbox" />
        {labels.sendEmail}
      </label>
    </>
  );
}

/** The contact ContactFields filled in (null without an e-mail address) and whether to e-mail it. */
export function readContact(f: FormData) {
  const text = (name: string) => formText(f, name).trim();
  const contact = text('email') ? { email: text('email'), first_name: text('first_name'), last_name: text('last_name') } : null;
  return { contact, send_email: f.get('send_email') === 'on' };
}
