import { STAFF_ROLES, type TStaffRole } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { CLI_ACTOR } from '../admin/audit.js';
import { addStaff } from './add-staff.js';
import { disableStaff } from './disable-staff.js';
import { listStaff } from './list-staff.js';

export const STAFF_USAGE = `  staff add <email> --role admin|box_office|door [--password-stdin] [--totp]
                                    add a box-office staff member; prints a one-time link to set the password
                                    (--password-stdin: read it from standard input; --totp: enrol the second
                                    factor now and print its otpauth:// URI)
  staff list                        every staff member, role and state
  staff disable <email>             the member can no longer sign in; their sessions end`;

async function readStdin(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/**
 * `npm run foyer -- staff …` (docs/box-office.md). Returns the exit code; writes to `out` and `err`.
 */
export async function runStaffCommand(
  db: Db,
  args: string[],
  io: { out: (line: string) => void; err: (line: string) => void; stdin: NodeJS.ReadableStream; publicUrl: string; now: Date },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') {
    const staff = await listStaff(db);
    if (!staff.length) io.out('no staff yet: npm run foyer -- staff add <email> --role admin');
    for (const s of staff) io.out(`${s.email}\t${s.role}\t${s.disabled ? 'disabled' : 'active'}\t${s.totp_enrolled ? 'totp' : 'no totp'}\tlast sign-in ${s.last_login_at ?? 'never'}`);
    return 0;
  }
  const email = rest.find((a) => !a.startsWith('--') && rest[rest.indexOf(a) - 1] !== '--role');
  if (command === 'disable' && email) {
    const staff = await disableStaff(db, CLI_ACTOR, email, io.now);
    io.out(`${staff.email} is disabled; their sessions have ended`);
    return 0;
  }
  const roleAt = rest.indexOf('--role');
  const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
  if (command !== 'add' || !email || !STAFF_ROLES.includes(role as TStaffRole)) {
    io.err(`Usage: npm run foyer -- <command>\n${STAFF_USAGE}`);
    return 2;
  }
  const password = rest.includes('--password-stdin') ? await readStdin(io.stdin) : undefined;
  const made = await addStaff(db, CLI_ACTOR, { email, role: role as TStaffRole, password, enrolTotp: rest.includes('--totp'), publicUrl: io.publicUrl, now: io.now });
  io.out(`staff ${made.staff.email} added as ${made.staff.role}`);
  if (made.setupLink) io.out(`set the password (one-time link, 7 days): ${made.setupLink}`);
  if (made.otpauthUri) io.out(`TOTP (add to an authenticator app): ${made.otpauthUri}`);
  return 0;
}
