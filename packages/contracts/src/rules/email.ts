/** An e-mail address (docs/events.md#field-rules, docs/checkout.md#your-information): something@domain.tld, no spaces; a domain without a dot is refused. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
