/** A step's warning (a sold-out time, a deep link's problem), announced at once; nothing without a text. */
export function StepWarning({ text }: { text: string | null | false | undefined }) {
  if (!text) return null;
  return (
    <p className="notice notice--warning step__notice" role="alert">
      {text}
    </p>
  );
}

/** Notices of message rules (date, session and quantity messages), announced politely. */
export function StepMessages({ texts }: { texts: string[] }) {
  if (!texts.length) return null;
  return (
    <div className="step__messages" role="status">
      {texts.map((text) => (
        <p key={text} className="notice notice--info">
          {text}
        </p>
      ))}
    </div>
  );
}
