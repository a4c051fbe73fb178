/**
 * Per-payment-method fees (docs/payments.md "Payment-method fees"): the seller's stored entry
 * payments.payment_method_fees, one fee per Stripe payment method configuration (`pmc_id`),
 * added on top of what is due when the buyer pays with that method.
 */
export interface MethodFee {
  pmc_id: string;
  /** The Stripe payment method the configuration is for ('card', 'bacs_debit', …). */
  payment_method: string;
  /** Minor units. */
  fixed: number;
  /** Percent of the amount due (2.5 = 2.5 %). */
  percent: number;
}

/** The stored entry read leniently: malformed entries are left out, never priced. */
export function methodFeesOf(raw: unknown): MethodFee[] {
  if (!Array.isArray(raw)) return [];
  const fees: MethodFee[] = [];
  for (const e of raw) {
    if (!e || typeof e !== 'object') continue;
    const { pmc_id, payment_method, fixed = 0, percent = 0 } = e as Record<string, unknown>;
    if (typeof pmc_id !== 'string' || !pmc_id || typeof payment_method !== 'string') continue;
    if (typeof fixed !== 'number' || !Number.isInteger(fixed) || fixed < 0) continue;
    if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) continue;
    fees.push({ pmc_id, payment_method, fixed, percent });
  }
  return fees;
}

/** A method's fee on an amount due (minor units, rounded half up); nothing when nothing is due. */
export function feeOn(due: number, fee: Pick<MethodFee, 'fixed' | 'percent'>): number {
  if (due <= 0) return 0;
  return fee.fixed + Math.round((due * fee.percent) / 100);
}

/**
 * The payment method a pay call is charged through: the redirect method it names
 * (`gateway_data.payment_method_type`) or else `card` on a card gateway (wallets pay by card);
 * null for gift cards and free orders, which carry no method fee.
 */
export function chargedMethod(gateway: { isCard: boolean }, gatewayData: Record<string, unknown>): string | null {
  if (!gateway.isCard) return null;
  const type = gatewayData.payment_method_type;
  return typeof type === 'string' ? type : 'card';
}

/** The fee of the method's (first) configuration on an amount; 0 without one. */
export function methodFeeOn(fees: readonly MethodFee[], method: string | null, amount: number): number {
  return priceMethod(fees, method, amount).fee;
}

/**
 * What paying `amount` with a method costs on top (its first configuration's fee) and that
 * configuration's `pmc_id`, which the charge names to Stripe (`payment_method_configuration`);
 * no fee and no configuration for a method without one (or a gift card, `method` null).
 */
export function priceMethod(fees: readonly MethodFee[], method: string | null, amount: number): { fee: number; pmcId: string | null } {
  const config = method === null ? undefined : fees.find((f) => f.payment_method === method);
  return config ? { fee: feeOn(amount, config), pmcId: config.pmc_id } : { fee: 0, pmcId: null };
}
