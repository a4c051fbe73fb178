// The pay request's body for one payment step (which gateway, with what data).
import type { TPayBody } from '@foyer/contracts';
import { digits, type CardValue, type PayStep } from './model.js';

export function payRequestBody(current: PayStep, testMode: boolean, card: CardValue): TPayBody | null {
  switch (current.kind) {
    case 'free':
      return { amount: '0', gateway_id: 'free', gateway_data: {} };
    case 'gift_card':
      return { amount: current.amount, gateway_id: 'ledger', gateway_data: { number: current.number } };
    case 'card':
      return testMode ? { amount: current.amount, gateway_id: 'demo', gateway_data: { card_number: digits(card.number) } } : { amount: current.amount, gateway_id: 'stripe', gateway_data: {} };
    default:
      return null;
  }
}
