import { PROMO_TEXT, fromMinor, type TCodeLookupDocument } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { document } from '../http/envelope.js';
import { isTypedCode, normaliseCode } from './normalise-code.js';
import { activeMods, codeByText } from './promotions.repository.js';

/**
 * GET code/{code} (docs/promotions.md#cart-modifiers Code lookup): its dates and whether it is used up; with mode
 * `advertise` also the modifiers it activates (name, what it gives, which ticket types).
 */
export async function lookupCode(db: Tx, input: { sellerId: string; code: string; advertise: boolean }): Promise<TCodeLookupDocument> {
  const text = normaliseCode(input.code);
  const code = isTypedCode(text) ? await codeByText(db, input.sellerId, text) : undefined;
  if (!code) throw new AppError(404, 'code_not_found', `${text} ${PROMO_TEXT.notValid}`, 'promo_code', { code: text });
  const siblings: Record<string, unknown[]> = {};
  if (input.advertise) {
    const mods = (await activeMods(db, input.sellerId)).filter((m) => m.code_group_ids.includes(code.code_group_id));
    siblings.cartmod = mods.map((m) => ({
      id: m.id, name: m.name, description: m.description, kind: m.kind,
      value: m.kind === 'percent_off' ? String(m.value / 100) : fromMinor(m.value),
      ticket_type_ids: m.scope === 'ticket_type' ? m.resource_ids : [],
    }));
  }
  const exhausted = code.max_uses !== -1 && code.used >= code.max_uses;
  return document('code', [{ code: code.code, code_group_id: code.code_group_id, valid_from: code.valid_from, valid_to: code.valid_to, exhausted }], 1, siblings) as TCodeLookupDocument;
}
