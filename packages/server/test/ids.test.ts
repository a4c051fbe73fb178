import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';

describe('ids', () => {
  it('are version-7 UUIDs, unique and increasing in the order they were made', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const millis = parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(millis - Date.now())).toBeLessThan(60_000);
  });
});
