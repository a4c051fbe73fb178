/**
 * A text field of a submitted form. `FormData.get` answers the field's string ('' when left empty), a File
 * for a file input, or null when the form has no field of that name; only text fields are read this way.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A form's submit handler: the page stays (no browser submit) and `read` gets what was submitted. */
export function onFormData(read: (form: FormData) => void): (event: { preventDefault: () => void; currentTarget: HTMLFormElement }) => void {
  return (event) => {
    event.preventDefault();
    read(new FormData(event.currentTarget));
  };
}
