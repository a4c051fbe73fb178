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
