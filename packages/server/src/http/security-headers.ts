import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../settings.js';

/** Third parties the storefront may load, each only when the operator configured it. */
export interface ThirdParties {
  /** Stripe.js and its frames (STRIPE_* set). */
  stripe: boolean;
  /** reCAPTCHA (CAPTCHA_SECRET_KEY set). */
  captcha: boolean;
  /** Google Tag Manager (a seller's web.tag_manager_id). */
  tagManager: boolean;
}

const SOURCES = {
  stripe: { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] },
  captcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: [],
  },
  tagManager: {
    script: ['https://www.googletagmanager.com'],
    frame: [],
    connect: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  },
} as const;

/**
 * The storefront page's Content-Security-Policy: scripts only from the app's own origin (no inline
 * script) plus the configured third parties; never framed unless FOYER_FRAME_ANCESTORS names who may.
 */
export function storefrontPolicy(parties: ThirdParties, frameAncestors: string[] = []): string {
  const on = (Object.keys(SOURCES) as Array<keyof ThirdParties>).filter((k) => parties[k]);
  const from = (kind: 'script' | 'frame' | 'connect') => on.flatMap((k) => SOURCES[k][kind]);
  const frames = from('frame');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...from('script')].join(' '),
    // Components set style attributes; inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...from('connect')].join(' '),
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
    `frame-ancestors ${frameAncestors.length ? ["'self'", ...frameAncestors].join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const DOOR_PAGE = /^\/admin\/door(\/|\?|$)/;
const API_PATH = /^\/(api|cached_api|metrics)(\/|\?|$)/;

/** Answers that are not pages (JSON, images) run nothing and embed nothing. */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Images and QR codes may be shown by other sites (e-mail readers): not same-origin only. */
const SHAREABLE = /^\/(api|cached_api)\/(image\/|ticket_order\/[^/]+\/qrcode)/;

/**
 * Security headers on every answer (helmet: nosniff, Referrer-Policy, HSTS over https, COOP, …),
 * a Permissions-Policy, and the CSP: the storefront's on HTML pages, a deny-all one elsewhere.
 * `thirdParties` is asked per page, since a seller may configure a tag manager at any time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, settings: Settings, thirdParties: () => Promise<ThirdParties>) {
  const https = settings.publicUrl.startsWith('https://');
  const frameAncestors = settings.frameAncestors ?? [];
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // frame-ancestors decides; X-Frame-Options only for browsers without CSP, and only when nobody may embed.
    xFrameOptions: frameAncestors.length ? false : { action: 'deny' },
  });
  const payment = settings.stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  const permissions = `camera=(), microphone=(), geolocation=(), usb=(), ${payment}`;
  // The door screen scans QR codes with the camera (docs/door.md): its pages alone may ask for it.
  const doorPermissions = permissions.replace('camera=()', 'camera=(self)');

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', DOOR_PAGE.test(request.url) ? doorPermissions : permissions);
    const type = String(reply.getHeader('content-type') ?? '');
    // A precompressed file (the shell's index.html.br) is streamed with its type set on the raw
    // response after this hook: an untyped answer outside the API is treated as a page.
    const isPage = /^text\/html\b/.test(type) || (!type && !API_PATH.test(request.url));
    reply.header('content-security-policy', isPage ? storefrontPolicy(await thirdParties(), frameAncestors) : DATA_POLICY);
    if (SHAREABLE.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
}
