import { PASSWORD_MAX, PASSWORD_MIN } from '../auth-limits.js';

/**
 * The password policy (docs/accounts.md): 8–254 printable ASCII characters (space to tilde), no
 * leading or trailing space, 3 of 4 character classes. `checkPassword` gives it rule by rule for
 * the web's live requirements panel; `passwordProblems` is the same policy as the server's refusal.
 */
export type PasswordRequirement = 'length' | 'printable' | 'spaces' | 'classes';
export type PasswordClass = 'upper' | 'lower' | 'digit' | 'special';

export interface PasswordCheck {
  rules: Record<PasswordRequirement, boolean>;
  classes: Record<PasswordClass, boolean>;
  valid: boolean;
}

const CLASS_PATTERNS: Record<PasswordClass, RegExp> = { upper: /[A-Z]/, lower: /[a-z]/, digit: /[0-9]/, special: /[^A-Za-z0-9]/ };
const PRINTABLE = /^[\x20-\x7e]*$/;
const EDGE_SPACE = /^\s|\s$/;
export const PASSWORD_REQUIRED_CLASSES = 3;

export function checkPassword(password: string): PasswordCheck {
  const classes = {
    upper: CLASS_PATTERNS.upper.test(password),
    lower: CLASS_PATTERNS.lower.test(password),
    digit: CLASS_PATTERNS.digit.test(password),
    special: CLASS_PATTERNS.special.test(password),
  };
  const rules = {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    printable: PRINTABLE.test(password),
    spaces: password.length > 0 && !EDGE_SPACE.test(password),
    classes: Object.values(classes).filter(Boolean).length >= PASSWORD_REQUIRED_CLASSES,
  };
  return { rules, classes, valid: Object.values(rules).every(Boolean) };
}

/** What is wrong with a password, in words (empty when it is valid); the length rule speaks for an empty one. */
export function passwordProblems(password: string): string[] {
  const { rules } = checkPassword(password);
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push(`at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) problems.push(`at most ${PASSWORD_MAX} characters`);
  if (!rules.printable) problems.push('only printable characters (space to tilde)');
  if (EDGE_SPACE.test(password)) problems.push('no leading or trailing space');
  if (!rules.classes) problems.push(`at least ${PASSWORD_REQUIRED_CLASSES} of: uppercase, lowercase, digit, special character`);
  return problems;
}
