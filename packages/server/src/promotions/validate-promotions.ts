import { CONFIG, ZCitypassCodeGroups, ZDefaultPromoCodes, type TCatalog } from '@foyer/contracts';
import { normaliseCode } from '../promotions/normalise-code.js';

/** `catalog validate` for `promotions`: every key it names exists, codes are unique; the promotion configuration entries name known codes and groups. */
export function validatePromotions(c: TCatalog, report: (path: string, message: string) => void) {
  const p = c.promotions;
  const types = new Set(c.ticket_types.map((t) => t.key));
  const events = new Set(c.events.map((e) => e.key));
  const groups = new Set(c.events.flatMap((e) => e.ticket_groups.map((g) => `${e.key}/${g.key}`)));
  const codeGroups = new Set(p.code_groups.map((g) => g.key));
  const at = '$.promotions';
  const unique = (keys: string[], path: string, what: string) => {
    const seen = new Set<string>();
    keys.forEach((k, i) => {
      if (seen.has(k)) report(`${path}[${i}]`, `duplicate ${what} "${k}"`);
      seen.add(k);
    });
  };
  unique(p.code_groups.map((g) => g.key), `${at}.code_groups`, 'key');
  unique(p.cart_mods.map((m) => m.key), `${at}.cart_mods`, 'key');
  unique(p.codes.map((x) => normaliseCode(x.code)), `${at}.codes`, 'code (codes match without regard to case)');

  p.code_groups.forEach((g, i) => g.required_for.forEach((ref, j) => groups.has(ref) || report(`${at}.code_groups[${i}].required_for[${j}]`, `no ticket group "${ref}"`)));
  // Moved to configuration entries (docs/promotions.md#codes): named, not silently dropped.
  p.code_groups.forEach((g, i) => g.citypass === undefined || report(`${at}.code_groups[${i}].citypass`, `moved to the configuration entry ${CONFIG.citypassCodeGroups.namespace}.${CONFIG.citypassCodeGroups.name} (docs/promotions.md)`));
  if (p.default_codes?.length) report(`${at}.default_codes`, `moved to the configuration entry ${CONFIG.defaultPromoCodes.namespace}.${CONFIG.defaultPromoCodes.name} (docs/promotions.md)`);
  p.codes.forEach((x, i) => codeGroups.has(x.group) || report(`${at}.codes[${i}].group`, `no code group with key "${x.group}"`));
  const codes = new Set(p.codes.map((x) => normaliseCode(x.code)));
  validatePromotionConfig(c, codes, codeGroups, report);
  p.cart_mods.forEach((m, i) => {
    const mat = `${at}.cart_mods[${i}]`;
    m.ticket_types.forEach((k, j) => types.has(k) || report(`${mat}.ticket_types[${j}]`, `no ticket type with key "${k}"`));
    m.ticket_groups.forEach((k, j) => groups.has(k) || report(`${mat}.ticket_groups[${j}]`, `no ticket group "${k}"`));
    m.events.forEach((k, j) => events.has(k) || report(`${mat}.events[${j}]`, `no event with key "${k}"`));
    m.requires?.ticket_types.forEach((k, j) => types.has(k) || report(`${mat}.requires.ticket_types[${j}]`, `no ticket type with key "${k}"`));
    m.code_groups.forEach((k, j) => codeGroups.has(k) || report(`${mat}.code_groups[${j}]`, `no code group with key "${k}"`));
    const list = { ticket_type: m.ticket_types, ticket_group: m.ticket_groups, event: m.events, cart: null }[m.scope];
    if (list && !list.length) report(`${mat}.${m.scope === 'event' ? 'events' : `${m.scope}s`}`, `scope "${m.scope}" needs at least one`);
  });
}

/** The seller's web.default_promo_codes (codes of the catalog) and web.citypass_code_groups (code groups, valid expressions). */
function validatePromotionConfig(c: TCatalog, codes: Set<string>, codeGroups: Set<string>, report: (path: string, message: string) => void) {
  c.config.forEach((entry, i) => {
    if (entry.resource !== 'seller' || entry.namespace !== 'web') return;
    const at = `$.config[${i}].value`;
    if (entry.name === CONFIG.defaultPromoCodes.name) {
      const parsed = ZDefaultPromoCodes.safeParse(entry.value);
      if (!parsed.success) { report(at, 'a list of promo codes expected'); return; }
      parsed.data.forEach((x, j) => codes.has(normaliseCode(x)) || report(`${at}[${j}]`, `"${x}" is not one of the codes`));
    }
    if (entry.name === CONFIG.citypassCodeGroups.name) {
      const parsed = ZCitypassCodeGroups.safeParse(entry.value);
      if (!parsed.success) { report(at, 'a list of { code_group, adult_regexp, child_regexp, child_keyword? } expected'); return; }
      parsed.data.forEach((g, j) => {
        if (!codeGroups.has(g.code_group)) report(`${at}[${j}].code_group`, `no code group with key "${g.code_group}"`);
        for (const field of ['adult_regexp', 'child_regexp'] as const) {
          try {
            new RegExp(g[field]);
          } catch {
            report(`${at}[${j}].${field}`, 'not a valid regular expression');
          }
        }
      });
    }
  });
}
