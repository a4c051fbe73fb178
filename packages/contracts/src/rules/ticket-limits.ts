/** docs/events.md#limits: the most of one ticket type in one order, whatever a rule says. */
export const HARD_MAX_PER_TICKET_TYPE = 1000;
/** docs/events.md#field-rules: an unnamed rule whose max is below zero allows this many. */
export const UNNAMED_RULE_DEFAULT_MAX = 10;

export interface RuleBounds {
  max: number | null | undefined;
  named: string;
}

/** The per-type maximum of a rule: none → 1000; below 0 → 10 for an unnamed rule, else 1000. */
export function ruleMax(rule: RuleBounds): number {
  if (rule.max === null || rule.max === undefined) return HARD_MAX_PER_TICKET_TYPE;
  if (rule.max < 0) return rule.named === 'no' ? UNNAMED_RULE_DEFAULT_MAX : HARD_MAX_PER_TICKET_TYPE;
  return Math.min(rule.max, HARD_MAX_PER_TICKET_TYPE);
}
