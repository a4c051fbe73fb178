/** The percent fee outside the price (docs/checkout.md#limits) on one ticket, in minor units, rounded half away from zero like Math.round. */
export function percentFee(unitMinor: number, percent: number | string | null | undefined): number {
  if (!percent) return 0;
  return Math.round((unitMinor * Number(percent)) / 100);
}

/** docs/events.md#limits advertise_price_including_fees: a price as advertised, with the type's outside fees (fixed and percent) added. */
export function withOutsideFees(unitMinor: number, fees: { fixedMinor: number | null; percent: number | string | null | undefined }): number {
  return unitMinor + (fees.fixedMinor ?? 0) + percentFee(unitMinor, fees.percent);
}
