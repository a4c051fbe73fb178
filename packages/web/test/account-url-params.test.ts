import { describe, expect, it } from 'vitest';
import { readAutoLogin, readLoginFlag, readOtpParam } from '../src/features/account/url-params.js';

describe('login parameters of the address (docs/accounts.md#web-screens)', () => {
  it('member_code and zip_code make a member-id login and leave the address', () => {
    expect(readAutoLogin('?member_code=M-1001&zip_code=10001&tg=x')).toEqual({
      body: { scan_code: 'M-1001', zip_code: '10001', method: 'scan_code' },
      search: '?tg=x',
    });
  });

  it('login.* fields log in with the last name, and an explicit method wins', () => {
    expect(readAutoLogin('?login.scan_code=M-1&login.last_name=Lee')).toEqual({ body: { scan_code: 'M-1', last_name: 'Lee', method: 'scan_code_last_name' }, search: '' });
    expect(readAutoLogin('?login.scan_code=M-1&login.zip_code=10001&login.method=scan_code').body?.method).toBe('scan_code');
  });

  it('removes incomplete or unknown login parameters without logging in, and never takes a password', () => {
    expect(readAutoLogin('?member_code=M-1&a=1')).toEqual({ body: null, search: '?a=1' });
    expect(readAutoLogin('?login.password=secret&login.scan_code=M-1')).toEqual({ body: null, search: '' });
  });

  it('leaves an address without login parameters as it is', () => {
    expect(readAutoLogin('?date=today')).toEqual({ body: null, search: '?date=today' });
  });

  it('reads the login flag (opening unless false) and the otp parameter, removing both', () => {
    expect(readLoginFlag('?login&x=1')).toEqual({ open: true, search: '?x=1' });
    expect(readLoginFlag('?login=1')).toEqual({ open: true, search: '' });
    expect(readLoginFlag('?login=false')).toEqual({ open: false, search: '' });
    expect(readLoginFlag('?x=1')).toEqual({ open: false, search: '?x=1' });
    expect(readOtpParam('?otp=123456&y=2')).toEqual({ otp: '123456', search: '?y=2' });
    expect(readOtpParam('?y=2')).toEqual({ otp: null, search: '?y=2' });
  });
});
