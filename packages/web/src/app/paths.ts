/** Paths the app links to (001 §2). */
export const paths = {
  home: '/',
  events: '/events',
  event: (id: string, action?: string) => `/events/${encodeURIComponent(id)}${action ? `/${encodeURIComponent(action)}` : ''}`,
  membership: '/membership',
  /** The login entry: My Account shows a login form to visitors (001 §2); a login modal comes later. */
  login: '/my',
  resend: '/resend',
  checkout: '/checkout',
} as const;
