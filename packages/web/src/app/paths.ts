/** Paths the app links to (001 §2). */
export const paths = {
  home: '/',
  events: '/events',
  event: (id: string, action?: string) => `/events/${encodeURIComponent(id)}${action ? `/${encodeURIComponent(action)}` : ''}`,
  membership: '/membership',
  /** The login entry: the login query flag opens the login modal over the current page (001 §2). */
  login: '?login=1',
  resend: '/resend',
  checkout: '/checkout',
} as const;
