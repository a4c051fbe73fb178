import type { IdentityAnswers } from '@foyer/contracts/rules';

/** An answer as text: a key the form has not answered (absent, whatever the record type says) reads as ''. */
export function answerText(answers: IdentityAnswers, key: string): string {
  const value = (answers as Partial<IdentityAnswers>)[key];
  return value === undefined ? '' : String(value);
}
