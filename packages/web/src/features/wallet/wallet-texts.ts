/**
 * The wallet badges' texts, as the wallets word them (docs/wallet-passes.md#what-has-a-pass Order complete wallet links). Here
 * rather than in i18n/en.ts: they load with the lazy buttons, not in every page's first JS (the
 * event page is at its budget).
 */
export const WALLET_TEXT = {
  group: 'Add your tickets to a wallet',
  groupOf: 'Add {item} to a wallet',
  apple: { lead: 'Add to', name: 'Apple Wallet' },
  google: { lead: 'Save to', name: 'Google Wallet' },
  appleItem: 'Add {item} to Apple Wallet',
  googleItem: 'Save {item} to Google Wallet',
  memberCard: 'member card {id}',
} as const;
