/**
 * City-pass vouchers typed on an event page (docs/promotions.md#cart-modifiers, docs/promotions.md#applying-codes), kept for this tab until a reserve takes
 * them as pre-reserve codes with handler "citypass".
 */
let vouchers: string[] = [];
/** The server's refusal of the last reserve's vouchers (docs/promotions.md#applying-codes: shown at the city-pass field). */
let refusal: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const citypassStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => vouchers,
  refusal: () => refusal,
  add(voucher: string) {
    const v = voucher.toUpperCase().replace(/[\s-]+/g, '');
    if (v && !vouchers.includes(v)) vouchers = [...vouchers, v];
    refusal = null;
    emit();
  },
  remove(voucher: string) {
    vouchers = vouchers.filter((v) => v !== voucher);
    refusal = null;
    emit();
  },
  clear() {
    vouchers = [];
    refusal = null;
    emit();
  },
  fail(text: string) {
    refusal = text;
    emit();
  },
};

/** The pre-reserve entries of the vouchers (docs/promotions.md#cart-modifiers: handler citypass). */
export const voucherEntries = () => vouchers.map((code) => ({ code, handler: 'citypass' }));
