/**
 * A value of a pay call's `gateway_data` as text. gateway_data is free-form JSON
 * (`z.record(z.string(), z.unknown())`), so an object shows as its JSON, not "[object Object]";
 * a missing value is empty.
 */
export function gatewayDataText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value === null || value === undefined ? '' : JSON.stringify(value);
}
