import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@foyer/contracts';
import { SignIn } from '../src/features/admin/sign-in.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';

/** The staff sign-in of the box office and the door (docs/box-office.md, docs/door.md): password, then the TOTP step. */
const STAFF = { id: 's1', email: 'boss@museum.example', role: 'admin', disabled: false, totp_enrolled: true, created_at: '2026-11-01T10:00:00.000Z', last_login_at: null };
const session = (stage: string, extra: Record<string, unknown> = {}) => ({ staff: STAFF, admin_session: { stage, expires_at: '2026-11-21T16:00:00.000Z', otpauth_uri: null, qr_code_svg: null, ...extra } });
const refusal = (status: number, code: string, description: string) => ({ status, body: { _data: [{ _code: code, _context: 'admin_totp', _description: description, _extra: null }] } });

function signIn(first: Record<string, unknown>, codes: Record<string, { status?: number; body: unknown }>) {
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/admin/login') return request.body && (request.body as { password: string }).password === 'right' ? { body: first } : refusal(401, 'not_authorized', ADMIN_TEXT.signInFailed);
    if (url.pathname === '/api/admin/login/totp') return codes[(request.body as { code: string }).code] ?? refusal(401, 'totp_incorrect', ADMIN_TEXT.totpIncorrect);
    return undefined;
  });
  const onSignedIn = vi.fn();
  render(<SignIn onSignedIn={onSignedIn} />);
  return { ...server, onSignedIn };
}

function password(value: string) {
  fireEvent.change(screen.getByLabelText(adminText.signIn.email), { target: { value: 'boss@museum.example' } });
  fireEvent.change(screen.getByLabelText(adminText.signIn.password), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: adminText.signIn.submit }));
}

const enterCode = (code: string) => {
  fireEvent.change(screen.getByLabelText(adminText.signIn.code), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: adminText.signIn.verify }));
};

describe('staff sign-in', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a wrong password says so and stays on the password step', async () => {
    const { onSignedIn } = signIn(session('totp'), {});
    password('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_TEXT.signInFailed);
    expect(screen.getByLabelText(adminText.signIn.password)).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('the TOTP step: a wrong code shows the server\'s message and signs nobody in; the right one (spaces dropped) does', async () => {
    const { onSignedIn, calls } = signIn(session('totp'), { '123456': { body: session('complete') } });
    password('right');
    expect(await screen.findByRole('heading', { name: adminText.signIn.totpTitle })).toBeTruthy();
    expect(screen.getByText(adminText.signIn.totpLead)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    enterCode('654321');
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_TEXT.totpIncorrect);
    expect(onSignedIn).not.toHaveBeenCalled();
    enterCode('123 456');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.url.pathname === '/api/admin/login/totp').map((c) => c.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('enrolment shows the QR code as an image of the server\'s SVG (no markup put into the page) and the key to type', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/><script>alert(1)</script></svg>';
    signIn(session('totp_enrolment', { otpauth_uri: 'otpauth://totp/Foyer:boss?secret=JBSWY3DPEHPK3PXP&issuer=Foyer', qr_code_svg: svg }), {});
    password('right');
    const qr = await screen.findByRole<HTMLImageElement>('img', { name: adminText.signIn.qrAlt });
    expect(qr.tagName).toBe('IMG');
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(document.querySelector('svg, script')).toBeNull();
    expect(screen.getByText(adminText.signIn.enrolLead)).toBeTruthy();
    expect(screen.getByText(/JBSWY3DPEHPK3PXP/)).toBeTruthy();
  });
});
