import { checkPassword, passwordProblems } from '@foyer/contracts/rules';
import { describe, expect, it } from 'vitest';

describe('password requirements panel rules (docs/accounts.md#field-rules)', () => {
  it('checks each rule on its own', () => {
    expect(checkPassword('Ab1!').rules).toEqual({ length: false, printable: true, spaces: true, classes: true });
    expect(checkPassword('abcdefgh').rules.classes).toBe(false);
    expect(checkPassword('abcdefg1').rules.classes).toBe(false);
    expect(checkPassword('abcdefG1').rules.classes).toBe(true);
    expect(checkPassword(' abcdeF1x').rules.spaces).toBe(false);
    expect(checkPassword('abcdeF1x ').rules.spaces).toBe(false);
    expect(checkPassword('abc deF1x').rules.spaces).toBe(true);
    expect(checkPassword('abcdéF1xy').rules.printable).toBe(false);
    expect(checkPassword('a'.repeat(250) + 'B1!!!').rules.length).toBe(false);
    expect(checkPassword('').valid).toBe(false);
  });

  it('lists the four classes', () => {
    expect(checkPassword('A').classes).toEqual({ upper: true, lower: false, digit: false, special: false });
    expect(checkPassword('a1 ').classes).toEqual({ upper: false, lower: true, digit: true, special: true });
  });

  it('words what the server refuses', () => {
    expect(passwordProblems('Harbour2026')).toEqual([]);
    expect(passwordProblems('')).toEqual(['at least 8 characters', 'at least 3 of: uppercase, lowercase, digit, special character']);
    expect(passwordProblems(' abcdé1 ')).toEqual(['only printable characters (space to tilde)', 'no leading or trailing space']);
  });

  it.each(['Harbour2026', 'harbour-2026', 'HARBOUR!x', 'short1A', 'nouppercase1', ' Lead1ng', 'Trail1ng ', 'Ünicode1a', 'ok ok OK 1', 'Aa1!'.repeat(64)])(
    'agrees with the server rule for %j',
    (password) => {
      expect(checkPassword(password).valid).toBe(passwordProblems(password).length === 0);
    },
  );
});
