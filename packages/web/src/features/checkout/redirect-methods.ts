// Stripe methods that redirect or need the address (001 §5): which are on, their pay body, the provider's page.
import { PAYMENT_CONFIG } from '@foyer/contracts/constants';
import { ADDRESS_METHODS } from '@foyer/contracts/rules';
import type { TConfigEntry, TPayBody } from '@foyer/contracts';
import { asStringList, configValue } from '../../config/config.js';
import { en } from '../../i18n/en.js';

export type RedirectMethod = 'afterpay_clearpay' | 'bacs_debit';
export const isRedirectMethod = (method: string): method is RedirectMethod => ADDRESS_METHODS.includes(method);

/** The seller's payments.stripe_payment_methods, among the methods Foyer knows (the server checks again). */
export function enabledRedirectMethods(entries: readonly TConfigEntry[]): RedirectMethod[] {
  const configured = asStringList(configValue(PAYMENT_CONFIG.stripePaymentMethods, entries));
  return configured.filter(isRedirectMethod);
}

export interface BankValue {
  sortCode: string;
  accountNumber: string;
}
export type BankErrors = Partial<Record<keyof BankValue, string>>;
export const EMPTY_BANK: BankValue = { sortCode: '', accountNumber: '' };

const onlyDigits = (text: string) => text.replace(/\D/g, '');
/** "108800" → "10-88-00". */
export const formatSortCode = (text: string) => onlyDigits(text).slice(0, 6).replace(/(\d{2})(?=\d)/g, '$1-');

export function validateBank(value: BankValue): BankErrors {
  const errors: BankErrors = {};
  if (onlyDigits(value.sortCode).length !== 6) errors.sortCode = en.payRedirect.sortCodeInvalid;
  if (onlyDigits(value.accountNumber).length !== 8) errors.accountNumber = en.payRedirect.accountNumberInvalid;
  return errors;
}

/** The pay body: the server makes the provider's payment from the purchaser's checked address. */
export function redirectPayBody(method: RedirectMethod, amount: string, bank: BankValue): TPayBody {
  const bankData = method === 'bacs_debit' ? { sort_code: onlyDigits(bank.sortCode), account_number: onlyDigits(bank.accountNumber) } : {};
  return { amount, gateway_id: 'stripe', gateway_data: { payment_method_type: method, ...bankData } };
}

/** Off to the provider's page (Afterpay): it sends the buyer back to /checkout with the intent's client secret. */
export function goToProvider(url: string): boolean {
  if (!/^https?:\/\//.test(url)) return false;
  window.location.assign(url);
  return true;
}
