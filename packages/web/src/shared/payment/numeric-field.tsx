/** A required digits field of the payment forms (card, bank account): formatted as typed, its error tied to it. */
export function NumericField(props: { id: string; label: string; autoComplete: string; placeholder: string; maxLength: number; value: string; error: string | undefined; className?: string; onChange: (text: string) => void }) {
  const { id, error } = props;
  return (
    <div className={`field card-field${props.className ? ` ${props.className}` : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        value={props.value}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
