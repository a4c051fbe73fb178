/** An e-mail address (000 §5, 001 §5): something@domain.tld, no spaces; a domain without a dot is refused. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
