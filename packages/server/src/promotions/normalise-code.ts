/** Codes match without regard to case or surrounding space (000 §5: trimmed). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();
