import { en } from '../../i18n/en.js';
import { checkPassword, type PasswordClass, type PasswordRequirement } from '@foyer/contracts/rules';
import type { ChangeEvent } from 'react';
import { PasswordField } from './field.js';

/** A new password (registering, resetting): its field, described by the requirements panel under it. */
export function NewPasswordField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error: string | null | undefined; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <>
      <PasswordField id={`${id}-password`} label={label} autoComplete="new-password" value={value} error={error} aria-describedby={`${id}-requirements${error ? ` ${id}-password-error` : ''}`} onChange={onChange} />
      <PasswordRequirements id={`${id}-requirements`} password={value} />
    </>
  );
}

/** The live password-requirements panel (docs/accounts.md#web-screens, docs/accounts.md#field-rules): each rule with a mark and a word, not colour alone. */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  const check = checkPassword(password);
  const texts = en.account.requirements;
  const rule = (key: PasswordRequirement | PasswordClass, met: boolean, children?: React.ReactNode) => (
    <li key={key} className={`requirement${met ? ' requirement--met' : ''}`} data-requirement={key} data-met={met}>
      <span className="requirement__mark" aria-hidden="true">
        {met ? '✓' : '○'}
      </span>
      <span>
        {texts[key]} <span className="visually-hidden">({met ? en.account.requirementMet : en.account.requirementUnmet})</span>
        {children}
      </span>
    </li>
  );
  return (
    <div className="password-requirements" id={id}>
      <p className="password-requirements__title">{en.account.requirementsTitle}</p>
      <ul>
        {rule('length', check.rules.length)}
        {rule('spaces', check.rules.spaces)}
        {rule('printable', check.rules.printable)}
        {rule(
          'classes',
          check.rules.classes,
          <ul>{(['upper', 'lower', 'digit', 'special'] as const).map((key) => rule(key, check.classes[key]))}</ul>,
        )}
      </ul>
    </div>
  );
}
