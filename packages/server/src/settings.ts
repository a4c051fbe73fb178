/** Process configuration, read from the environment once and validated as a whole. */
export interface Settings {
  port: number;
  host: string;
  databaseUrl: string;
  defaultSeller: string | null;
  seed: 'demo' | 'none';
  seedFile: string;
  webDist: string;
  logLevel: string;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses every setting and reports all invalid ones at once. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const problems: string[] = [];
  const portText = env.PORT ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) problems.push(`PORT must be a whole number 0–65535, got "${portText}"`);
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:./data/foyer.db';
  if (!/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be sqlite:<path> or postgres://user@host/db');
  }
  const seed = env.FOYER_SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') problems.push(`FOYER_SEED must be "demo" or "none", got "${seed}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  if (problems.length) throw new SettingsError(problems);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    defaultSeller: env.FOYER_DEFAULT_SELLER || null,
    seed: seed as 'demo' | 'none',
    seedFile: env.FOYER_SEED_FILE ?? new URL('../../../catalog/demo.json', import.meta.url).pathname,
    webDist: env.FOYER_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname,
    logLevel,
  };
}
