import type { Db } from '../db/database.js';
import { anyStaff } from './staff.repository.js';

/** What `npm start` prints while nobody can sign in to the box office yet (docs/box-office.md). */
export async function firstStaffHint(db: Db, port: number): Promise<string | null> {
  const any = await anyStaff(db);
  if (any) return null;
  return `box office at http://localhost:${port}/admin — no staff yet: npm run foyer -- staff add you@example.org --role admin`;
}
