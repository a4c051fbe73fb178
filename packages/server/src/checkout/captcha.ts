import type { Settings } from '../settings.js';

/**
 * The invisible captcha's server side (docs/payments.md#captcha-and-terms: non-members only). Pluggable: any provider whose
 * answer is checked by a token; the default speaks the siteverify protocol shared by reCAPTCHA,
 * hCaptcha and Turnstile (POST secret, response, remoteip → { success }). No key set: no captcha.
 */
export interface CaptchaVerifier {
  verify(token: string, ip: string): Promise<boolean>;
}

export function siteVerify(secret: string, verifyUrl: string): CaptchaVerifier {
  return {
    async verify(token, ip) {
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false; // unreachable provider: refuse rather than let automated payments through
      }
    },
  };
}

export function captchaVerifierFor(settings: Settings): CaptchaVerifier | null {
  return settings.captcha ? siteVerify(settings.captcha.secretKey, settings.captcha.verifyUrl) : null;
}
