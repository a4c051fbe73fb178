import type Stripe from 'stripe';
import type { Db, Dialect } from './db/database.js';
import type { Settings } from './settings.js';
import type { TtlCache } from './ttl-cache.js';

/** What routes and use cases are given instead of importing globals (docs/architecture.md#areas). */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  settings: Settings;
  now: () => Date;
  /** Short-lived memo of catalog reads; optional (tests may leave it out). */
  cache?: TtlCache;
  /** The process's one Stripe client (null: the demo gateway). Left out, buildApp makes it from settings. */
  stripe?: Stripe | null;
}
