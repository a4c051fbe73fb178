import { describe, expect, it } from 'vitest';
import { HARD_MAX_PER_TICKET_TYPE, ruleMax, UNNAMED_RULE_DEFAULT_MAX } from '../src/rules/index.js';

describe('the per-type maximum of a rule (docs/events.md#field-rules, docs/events.md#limits)', () => {
  it('none → 1000, an unnamed rule below 0 → 10, a named one below 0 → 1000, capped at 1000', () => {
    expect(HARD_MAX_PER_TICKET_TYPE).toBe(1000);
    expect(UNNAMED_RULE_DEFAULT_MAX).toBe(10);
    expect(ruleMax({ max: null, named: 'no' })).toBe(1000);
    expect(ruleMax({ max: undefined, named: 'yes' })).toBe(1000);
    expect(ruleMax({ max: -1, named: 'no' })).toBe(10);
    expect(ruleMax({ max: -1, named: 'yes' })).toBe(1000);
    expect(ruleMax({ max: -1, named: 'optional' })).toBe(1000);
    expect(ruleMax({ max: 4, named: 'no' })).toBe(4);
    expect(ruleMax({ max: 0, named: 'no' })).toBe(0);
    expect(ruleMax({ max: 5000, named: 'no' })).toBe(1000);
  });
});
