import type { Db, Dialect } from './db/database.js';
import type { Settings } from './settings.js';

/** What routes and use cases are given instead of importing globals (DESIGN §1). */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  settings: Settings;
  now: () => Date;
}
