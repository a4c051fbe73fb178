import { PROFILE_FORM, PROFILE_READ_ONLY, type IdentityAnswers } from '@foyer/contracts/rules';
import type { TUser } from '@foyer/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { updateMe, userOf, userQueryKey, focusFirstInvalid, FormFooter } from '../account/public.js';
import { IdentityFields, answersWith, validateIdentityAnswers, type IdentityErrors } from '../checkout/public.js';
import { profileAnswers, profileBody, serverFieldErrors } from './profile-model.js';

const FIELDS = [...PROFILE_READ_ONLY, ...PROFILE_FORM];

/**
 * My profile's form (docs/accounts.md#my-account): the e-mail and names read-only, the contact details with the
 * checkout's fields and rules (the state select disabled, and sent as null, where the country has
 * none); the server's field problems shown at the fields, a saved message announced.
 */
export function ProfileForm({ user }: { user: TUser }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const [start, setStart] = useState<IdentityAnswers>(() => profileAnswers(user));
  const [answers, setAnswers] = useState<IdentityAnswers>(start);
  const [errors, setErrors] = useState<IdentityErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const invalid = (found: IdentityErrors) => {
    setErrors(found);
    setTimeout(() => focusFirstInvalid(formRef.current), 0);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const body = profileBody(answers, start);
    // Only what is sent is checked: a stored detail the user did not touch never blocks a save.
    const found = Object.fromEntries(Object.entries(validateIdentityAnswers(PROFILE_FORM, answers)).filter(([key, text]) => text && key in body));
    if (Object.keys(found).length) { invalid(found); return; }
    setErrors({});
    setBusy(true);
    try {
      const doc = await updateMe(body);
      queryClient.setQueryData(userQueryKey, doc);
      // What the server kept (trimmed; a state it nulled) is what the form shows now, and starts from.
      const kept = userOf(doc);
      if (kept) {
        setStart(profileAnswers(kept));
        setAnswers(profileAnswers(kept));
      }
      setSaved(true);
    } catch (error) {
      const atFields = serverFieldErrors(error, answers);
      if (atFields) invalid(atFields);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const onChange = (key: string, value: string | boolean) => {
    setSaved(false);
    setAnswers((current) => answersWith(current, { [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <form ref={formRef} className="my-profile__form panel" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <p className="muted">{en.myAccount.readOnly}</p>
      <IdentityFields id={id} form={FIELDS} value={answers} errors={errors} onChange={onChange} />
      <div role="status" className="my-profile__status">
        {saved && <p className="notice notice--info">{en.myAccount.profileSaved}</p>}
      </div>
      <FormFooter failure={failure} busy={busy} text={en.myAccount.profileSave} busyText={en.myAccount.profileSaving} />
    </form>
  );
}
