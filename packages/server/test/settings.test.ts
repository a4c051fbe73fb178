import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../src/settings.js';

describe('settings', () => {
  it('defaults to SQLite on port 3000 with the demo seed', () => {
    const s = readSettings({});
    expect([s.port, s.databaseUrl, s.seed]).toEqual([3000, 'sqlite:./data/foyer.db', 'demo']);
  });

  it('lists every invalid setting at once', () => {
    try {
      readSettings({ PORT: 'eighty', DATABASE_URL: 'mysql://x', FOYER_SEED: 'maybe', LOG_LEVEL: 'loud' });
      throw new Error('expected a SettingsError');
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError);
      const problems = (error as SettingsError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*FOYER_SEED[\s\S]*LOG_LEVEL/);
    }
  });

  it('reads FOYER_PG_POOL (default 10) and refuses a non-positive or non-numeric pool', () => {
    expect(readSettings({}).pgPool).toBe(10);
    expect(readSettings({ FOYER_PG_POOL: '5' }).pgPool).toBe(5);
    for (const bad of ['0', 'many', '-3', '2.5']) {
      expect(() => readSettings({ FOYER_PG_POOL: bad })).toThrow(/FOYER_PG_POOL must be a whole number 1–1000/);
    }
  });

  it('reads FOYER_CACHE_TTL_MS (default 5000, 0 turns the cache off) and refuses anything else', () => {
    expect(readSettings({}).cacheTtlMs).toBe(5000);
    expect(readSettings({ FOYER_CACHE_TTL_MS: '0' }).cacheTtlMs).toBe(0);
    for (const bad of ['soon', '-1', '1.5', '600001']) {
      expect(() => readSettings({ FOYER_CACHE_TTL_MS: bad })).toThrow(/FOYER_CACHE_TTL_MS must be a whole number/);
    }
  });

  it('finds the demo catalog and the built storefront from the repository root', () => {
    const s = readSettings({});
    expect(existsSync(s.seedFile)).toBe(true);
    expect(s.webDist).toMatch(/packages\/web\/dist$/);
  });

  it('accepts PostgreSQL URLs', () => {
    expect(readSettings({ DATABASE_URL: 'postgres://postgres@127.0.0.1/test' }).databaseUrl).toContain('postgres://');
  });
});
