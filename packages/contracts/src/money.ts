/** Money travels as decimal strings with 2 places ("12.50"); inside it is integer minor units. */
const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

export function isMoneyString(value: string): boolean {
  return DECIMAL.test(value);
}

/** "12.5" → 1250. Throws on anything that is not a decimal with at most 2 places. */
export function toMinor(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!DECIMAL.test(text)) throw new RangeError(`Not a money amount: ${text}`);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** 1250 → "12.50". */
export function fromMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
