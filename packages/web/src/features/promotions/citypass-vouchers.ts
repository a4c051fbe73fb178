/**
 * City-pass vouchers typed on an event page (000 §3, §5), kept for this tab until a reserve takes
 * them as pre-reserve codes with handler "citypass".
 */
let vouchers: string[] = [];
/** The server's refusal of the last reserve's vouchers (000 §8: shown at the city-pass field). */
let refusal: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const citypassStore = {
  subscribe(listener: () => void) {
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

/** The pre-reserve entries of the vouchers (000 §3: handler citypass). */
export const voucherEntries = () => vouchers.map((code) => ({ code, handler: 'citypass' }));
