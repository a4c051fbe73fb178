import { PASSWORD_MAX, PASSWORD_MIN } from '@foyer/contracts/constants';

/**
 * The password rules of 000 §5, one by one, for the live requirements panel. `passwordProblems`
 * in the contracts is what the server enforces; these say the same thing rule by rule (a test
 * checks that both agree).
 */
export type RequirementKey = 'length' | 'printable' | 'spaces' | 'classes';
export type ClassKey = 'upper' | 'lower' | 'digit' | 'special';

export interface PasswordCheck {
  rules: Record<RequirementKey, boolean>;
  classes: Record<ClassKey, boolean>;
  valid: boolean;
}

const CLASS_PATTERNS: Record<ClassKey, RegExp> = { upper: /[A-Z]/, lower: /[a-z]/, digit: /[0-9]/, special: /[^A-Za-z0-9]/ };
export const REQUIRED_CLASSES = 3;

export function checkPassword(password: string): PasswordCheck {
  const classes = {
    upper: CLASS_PATTERNS.upper.test(password),
    lower: CLASS_PATTERNS.lower.test(password),
    digit: CLASS_PATTERNS.digit.test(password),
    special: CLASS_PATTERNS.special.test(password),
  };
  const rules = {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    printable: /^[\x20-\x7e]*$/.test(password),
    spaces: password.length > 0 && !/^\s|\s$/.test(password),
    classes: Object.values(classes).filter(Boolean).length >= REQUIRED_CLASSES,
  };
  return { rules, classes, valid: Object.values(rules).every(Boolean) };
}
