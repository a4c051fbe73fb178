/**
 * The invisible captcha for non-members (docs/payments.md#captcha-and-terms), behind a pluggable provider. The default is
 * reCAPTCHA v3 (its script loads only when a site key is configured); a seller using another
 * provider registers it with setCaptchaProvider. A dismissed or expired challenge answers null and
 * the payment is silently not made.
 */
export interface CaptchaProvider {
  execute(siteKey: string): Promise<string | null>;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let script: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  script ??= new Promise<Grecaptcha>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    el.async = true;
    el.addEventListener('load', () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA loaded without grecaptcha'));
    });
    el.addEventListener('error', () => {
      script = null;
      el.remove();
      reject(new Error('reCAPTCHA failed to load'));
    });
    document.head.appendChild(el);
  });
  return script;
}

export const recaptchaProvider: CaptchaProvider = {
  async execute(siteKey) {
    const g = await loadRecaptcha(siteKey);
    return (await g.execute(siteKey, { action: 'pay' })) || null;
  },
};

let provider: CaptchaProvider = recaptchaProvider;

export function setCaptchaProvider(next: CaptchaProvider) {
  provider = next;
}

export function runCaptcha(siteKey: string): Promise<string | null> {
  return provider.execute(siteKey);
}
