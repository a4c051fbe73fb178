import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../src/users/add-member.js';
import { Browser, errorOf, setLoginMethods } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

describe.each(dialects())('members added by the operator on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
    await setLoginMethods(t.db, ['scan_code', 'scan_code_last_name', 'otp']);
  });
  afterAll(() => t.close());

  it('log in with member id and ZIP code; without an e-mail they get a placeholder and are asked for one', async () => {
    const member = await addMember(t.db, { first_name: 'Ann', last_name: 'Lee', scan_code: 'M-77', zip_code: '10001' }, t.clock.now);
    expect(member.email).toBe('no-email+m77@members.invalid');
    const b = new Browser(t.app, '10.7.0.1');
    const res = await b.post('/api/login', { scan_code: 'm-77', zip_code: '10001' });
    expect(res.status).toBe(200);
    expect(res.body.user._data[0]).toMatchObject({ scan_code: 'M-77', needs_email: true, has_password: false });
    expect(res.body.identity._data[0].email).toBeNull();
  });

  it('GET my/user carries the same membership as the login answer, so a reload keeps it', async () => {
    await addMember(t.db, { first_name: 'Cy', last_name: 'Ro', scan_code: 'M-80', zip_code: '10002' }, t.clock.now);
    const b = new Browser(t.app, '10.7.0.4');
    const login = await b.post('/api/login', { scan_code: 'M-80', zip_code: '10002' });
    expect(login.body.membership._data).toEqual([expect.objectContaining({ scan_code: 'M-80', role: 'member', identity_id: login.body.user._data[0].identity_id })]);
    const reload = await b.get('/api/my/user?_embed=identity,identity.meta');
    expect(reload.status).toBe(200);
    expect(reload.body.membership).toEqual(login.body.membership);
    // A user without a member id holds none.
    const guest = await new Browser(t.app, '10.7.0.5').post('/api/user', { first_name: 'No', last_name: 'Member', email: 'nomember@example.com' });
    expect(guest.body.membership).toEqual({ _count: 0, _total: 0, _data: [] });
  });

  it('refuses a member id or address already in use', async () => {
    await addMember(t.db, { first_name: 'Bo', last_name: 'Ng', scan_code: 'M-78', email: 'bo@example.com' }, t.clock.now);
    await expect(addMember(t.db, { first_name: 'X', last_name: 'Y', scan_code: ' m-78 ' }, t.clock.now)).rejects.toThrow(/M-78|m-78/);
    await expect(addMember(t.db, { first_name: 'X', last_name: 'Y', scan_code: 'M-79', email: 'BO@example.com' }, t.clock.now)).rejects.toThrow(/in use/);
    const wrong = await new Browser(t.app, '10.7.0.2').post('/api/login', { scan_code: 'M-78', last_name: 'Smith' });
    expect(errorOf(wrong.body)._code).toBe('not_authorized');
    expect((await new Browser(t.app, '10.7.0.3').post('/api/login', { scan_code: 'M-78', last_name: 'ng' })).status).toBe(200);
  });
});
