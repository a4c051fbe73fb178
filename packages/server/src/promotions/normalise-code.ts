/** Codes match without regard to case or surrounding space (docs/promotions.md#applying-codes: trimmed). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** What a typed code may be made of (catalog codes are; resident groups' hidden codes are not). */
export const isTypedCode = (code: string) => /^[A-Z0-9_-]+$/.test(code);
