/** The percent fee outside the price (000 §7) on one ticket, in minor units, rounded half away from zero like Math.round. */
export function percentFee(unitMinor: number, percent: number | string | null | undefined): number {
  if (!percent) return 0;
  return Math.round((unitMinor * Number(percent)) / 100);
}
