/** A form body or query string a fake server was sent: a field the caller left out is absent. */
export type FormFields = Partial<Record<string, string>>;

/** A field the caller must have sent; a missing one fails here with its name rather than as `undefined` further on. */
export function requiredField(form: FormFields, name: string): string {
  const value = form[name];
  if (value === undefined) throw new Error(`The request sent no ${name}`);
  return value;
}
