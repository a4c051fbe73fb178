import type { TCatalog } from '@foyer/contracts';
import { normaliseCode } from '../promotions/normalise-code.js';

/** `catalog validate` for `promotions`: every key it names exists, codes are unique, default codes are listed. */
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
  p.code_groups.forEach((g, i) => {
    for (const field of ['adult_regexp', 'child_regexp'] as const) {
      if (!g.citypass) continue;
      try {
        new RegExp(g.citypass[field]);
      } catch {
        report(`${at}.code_groups[${i}].citypass.${field}`, 'not a valid regular expression');
      }
    }
  });
  p.codes.forEach((x, i) => codeGroups.has(x.group) || report(`${at}.codes[${i}].group`, `no code group with key "${x.group}"`));
  const codes = new Set(p.codes.map((x) => normaliseCode(x.code)));
  p.default_codes.forEach((x, i) => codes.has(normaliseCode(x)) || report(`${at}.default_codes[${i}]`, `"${x}" is not one of the codes`));
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
