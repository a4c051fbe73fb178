import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readSettings } from '../src/settings.js';
import { LIMITS } from '../src/rate-limit/rate-limit.js';
import { Browser, PASSWORD, createUser, deliverMail, errorOf, setLoginMethods } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

describe.each(dialects())('brute-force limits on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const fresh = () => `10.6.${Math.floor(++ip / 250)}.${ip % 250}`;
  const browser = (address = fresh()) => new Browser(t.app, address);

  beforeAll(async () => {
    t = await testApp(dialect);
    await createUser(t.db, { email: 'target@example.com' });
    await createUser(t.db, { email: 'member7@example.com', scan_code: 'M-7007', zip_code: '10001', last_name: 'Quinn' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  const wrongLogin = (b: Browser, username: string) => b.post('/api/login', { username, password: 'Guess-Password-1' });

  it('stops password guessing on one account from one address after 10 tries, known or unknown alike; the owner elsewhere still gets in', async () => {
    for (const username of ['target@example.com', 'unknown@example.com']) {
      const attacker = fresh();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await wrongLogin(browser(attacker), username)).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const limited = await wrongLogin(browser(attacker), username);
      expect(limited.status).toBe(429);
      expect(errorOf(limited.body)).toMatchObject({ _code: 'rate_limited', _extra: { retry_after: expect.any(Number) } });
      expect(errorOf(limited.body)._description).toMatch(/^Too many attempts\. Please wait \d+ minutes and try again\.$/);
      expect(limited.headers['retry-after']).toBe(String((errorOf(limited.body)._extra as { retry_after: number }).retry_after));
      // The right password does not get through from the limited address while limited...
      expect((await browser(attacker).post('/api/login', { username, password: PASSWORD })).status).toBe(429);
    }
    // ...but the owner, from their own address, is not locked out by a stranger's guessing.
    expect((await browser().post('/api/login', { username: 'target@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('backs off globally after 50 failures from many addresses; an address that logged in before still gets in', async () => {
    const owner = fresh();
    expect((await browser(owner).post('/api/login', { username: 'target@example.com', password: PASSWORD })).status).toBe(200);
    const max = LIMITS.loginAccount.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await wrongLogin(browser(), 'target@example.com')).status);
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
    // A new address is refused even with the right password; the owner's known address is not.
    expect((await browser().post('/api/login', { username: 'target@example.com', password: PASSWORD })).status).toBe(429);
    expect((await browser(owner).post('/api/login', { username: 'target@example.com', password: PASSWORD })).status).toBe(200);
    // The back-off ends with its hour.
    t.clock.advance(60 * 60_000);
    expect((await browser().post('/api/login', { username: 'target@example.com', password: PASSWORD })).status).toBe(200);
  }, 60_000);

  it('stops one address trying many accounts at the per-address limit, and lets it in again after the window', async () => {
    const address = fresh();
    const statuses: number[] = [];
    const max = LIMITS.loginIp.max;
    for (let i = 0; i <= max; i++) statuses.push((await wrongLogin(browser(address), `user${i}@example.com`)).status);
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
    t.clock.advance(15 * 60_000);
    expect((await browser(address).post('/api/login', { username: 'target@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('limits passcode requests (3 per e-mail address per 15 minutes), unknown addresses alike', async () => {
    for (const email of ['target@example.com', 'ghost@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await browser().post('/api/login/request_otp', { email })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  it('limits passcode checks per address', async () => {
    const address = fresh();
    const statuses: number[] = [];
    const max = LIMITS.otpCheckIp.max;
    for (let i = 0; i <= max; i++) statuses.push((await browser(address).post('/api/login', { token: `t${i}`, otp: '123456' })).status);
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
  });

  it.each([
    ['scan_code', 'zip_code', '99999', '10001'],
    ['scan_code_last_name', 'last_name', 'Wrong', 'Quinn'],
    ['scan_code_password', 'password', 'Guess-Password-1', PASSWORD],
  ] as const)('stops %s guessing on one member id from one address after 10 tries, known or unknown alike', async (method, field, wrong, right) => {
    await setLoginMethods(t.db, [method]);
    try {
      const attacker = fresh();
      for (const scan of ['M-7007', 'M-0404']) {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push((await browser(attacker).post('/api/login', { method, scan_code: scan, [field]: wrong })).status);
        expect(statuses).toEqual([...Array(10).fill(401), 429]);
      }
      // Typed another way, it is the same member id; the right answer does not get through while limited.
      const limited = await browser(attacker).post('/api/login', { method, scan_code: ' m-7007 ', [field]: right });
      expect(limited.status).toBe(429);
      expect(errorOf(limited.body)._code).toBe('rate_limited');
      // The member from another address is not locked out.
      expect((await browser().post('/api/login', { method, scan_code: 'M-7007', [field]: right })).status).toBe(200);
      t.clock.advance(15 * 60_000);
      expect((await browser(attacker).post('/api/login', { method, scan_code: 'M-7007', [field]: right })).status).toBe(200);
    } finally {
      await setLoginMethods(t.db, ['password', 'otp']);
    }
  });

  it('limits passcode requests per address (30 per 15 minutes), whatever the e-mail', async () => {
    const address = fresh();
    const statuses: number[] = [];
    const max = LIMITS.otpRequestIp.max;
    for (let i = 0; i <= max; i++) statuses.push((await browser(address).post('/api/login/request_otp', { email: `many${i}@example.com` })).status);
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  }, 30_000);

  it('limits passcode checks per account (10 per 15 minutes) across tokens and addresses', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      tokens.push((await browser().post('/api/login/request_otp', { email: 'target@example.com' })).body.token);
      await t.db.deleteFrom('rate_limit').where('bucket', 'like', 'otp_request:%').execute();
    }
    await deliverMail(t);
    t.clock.advance(2000);
    const statuses: number[] = [];
    // 3 wrong codes use a token up; the 11th check of the address is refused whatever its token.
    for (let i = 0; i < 11; i++) statuses.push((await browser().post('/api/login', { token: tokens[Math.floor(i / 3)], otp: 'XXXXXX' })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('limits registrations per address (60 an hour), guest accounts included', async () => {
    const address = fresh();
    const statuses: number[] = [];
    const max = LIMITS.registerIp.max;
    for (let i = 0; i <= max; i++) statuses.push((await browser(address).post('/api/user', { first_name: 'Reg', last_name: 'Ister', email: `reg${i}-${address}@example.com` })).status);
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });

  it('limits reset requests (3 an hour per account) and reset checks per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await browser().post('/api/password_reset/request', { email: 'target@example.com' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const address = fresh();
    const checks: number[] = [];
    const max = LIMITS.resetCheckIp.max;
    for (let i = 0; i <= max; i++) checks.push((await browser(address).post('/api/password_reset/validate', { token: `guess-${i}` })).status);
    expect(checks).toEqual([...Array(max).fill(404), 429]);
  });

  it('behind a trusted proxy (FOYER_TRUST_PROXY) counts each client address, not the proxy’s', async () => {
    const behind = await buildApp({ db: t.db, dialect, settings: { ...readSettings({ FOYER_TRUST_PROXY: '10.9.9.9' }), webDist: '/nonexistent' }, now: () => t.clock.now });
    const attempt = (app: typeof behind, client: string, i: number) =>
      app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': client }, payload: { username: `proxy${i}@example.com`, password: 'Guess-Password-1' } });
    try {
      const statuses: number[] = [];
      const max = LIMITS.loginIp.max;
      for (let i = 0; i <= max; i++) statuses.push((await attempt(behind, `203.0.113.${i}`, i)).statusCode);
      expect(statuses).toEqual(Array(max + 1).fill(401));
      // Without trusting the proxy, all those clients are one address: the last is refused.
      await t.db.deleteFrom('rate_limit').execute();
      const direct: number[] = [];
      for (let i = 0; i <= max; i++) direct.push((await attempt(t.app, `203.0.113.${i}`, i)).statusCode);
      expect(direct[max]).toBe(429);
    } finally {
      await behind.close();
    }
    expect(() => readSettings({ FOYER_TRUST_PROXY: 'sometimes' })).toThrow(/FOYER_TRUST_PROXY/);
    expect(() => readSettings({ FOYER_TRUST_PROXY: '1' })).toThrow(/FOYER_TRUST_PROXY/);
    expect(readSettings({ FOYER_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('housekeeping drops ended windows, sessions and old passcodes, and keeps live ones', async () => {
    const { sweepAccounts } = await import('../src/auth/sweep-accounts.js');
    await wrongLogin(browser(), 'target@example.com');
    const live = new Browser(t.app, fresh());
    await live.post('/api/login', { username: 'target@example.com', password: PASSWORD });
    const ended = new Browser(t.app, fresh());
    await ended.post('/api/login', { username: 'target@example.com', password: PASSWORD });
    await browser().post('/api/login/request_otp', { email: 'target@example.com' });
    // Addresses that logged in are remembered for 30 days (the owner's way past a global back-off): not windows here.
    const count = async () => ({
      windows: (await t.db.selectFrom('rate_limit').select('bucket').where('bucket', 'not like', 'login:known:%').execute()).length,
      sessions: (await t.db.selectFrom('user_session').select('id').execute()).length,
      otps: (await t.db.selectFrom('login_otp').select('id').execute()).length,
    });
    const before = await count();
    expect(before.windows).toBeGreaterThan(0);
    t.clock.advance(3 * 3600_000);
    expect((await live.get('/api/my/user')).status).toBe(401); // ended, and deleted on sight
    await live.post('/api/login', { username: 'target@example.com', password: PASSWORD });
    await sweepAccounts(t.db, t.clock.now);
    const after = await count();
    expect(after.sessions).toBe(1);
    expect((await live.get('/api/my/user')).status).toBe(200);
    expect(after.windows).toBe(2); // the new login's IP and account windows
    t.clock.advance(25 * 3600_000);
    await sweepAccounts(t.db, t.clock.now);
    expect(await count()).toEqual({ windows: 0, sessions: 0, otps: 0 });
    t.clock.advance(31 * 24 * 3600_000);
    await sweepAccounts(t.db, t.clock.now);
    expect(await t.db.selectFrom('rate_limit').select('bucket').execute()).toEqual([]);
  });

  it('counts in the database: a second server process on the same database sees the same counts', async () => {
    const other = await buildApp({ db: t.db, dialect, settings: { ...readSettings({}), webDist: '/nonexistent' }, now: () => t.clock.now });
    try {
      const address = fresh();
      for (let i = 0; i < 5; i++) expect((await wrongLogin(browser(address), 'target@example.com')).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await wrongLogin(new Browser(other, address), 'target@example.com')).status).toBe(401);
      expect((await wrongLogin(new Browser(other, address), 'target@example.com')).status).toBe(429);
      expect((await wrongLogin(browser(address), 'target@example.com')).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('takes about as long for an unknown e-mail as for a wrong password (a dummy hash is checked)', async () => {
    const time = async (username: string) => {
      await t.db.deleteFrom('rate_limit').execute(); // measure hashing, not the limiter
      const started = performance.now();
      await wrongLogin(browser(), username);
      return performance.now() - started;
    };
    await time('target@example.com'); // warm up both paths (the dummy hash is made on first use)
    await time('nobody-warm@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await time('target@example.com'));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    // The fastest of many tries shows the work done, whatever else the machine is busy with. argon2id
    // makes both costly; an unknown account that skipped hashing would take a fraction of the time.
    const [k, u] = [Math.min(...known), Math.min(...unknown)];
    expect(u / k).toBeGreaterThan(0.6);
    expect(u / k).toBeLessThan(1.67);
  });
});
