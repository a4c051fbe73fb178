/**
 * City-pass vouchers typed on an event page (000 §3, §5), kept for this tab until a reserve takes
 * them as pre-reserve codes with handler "citypass".
 */
let vouchers: string[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const citypassStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => vouchers,
  add(voucher: string) {
    const v = voucher.toUpperCase().replace(/[\s-]+/g, '');
    if (v && !vouchers.includes(v)) vouchers = [...vouchers, v];
    emit();
  },
  remove(voucher: string) {
    vouchers = vouchers.filter((v) => v !== voucher);
    emit();
  },
  clear() {
    vouchers = [];
    emit();
  },
};

/** The pre-reserve entries of the vouchers (000 §3: handler citypass). */
export const voucherEntries = () => vouchers.map((code) => ({ code, handler: 'citypass' }));
