/** Paths the app links to (docs/routes.md#route-table). */
export const paths = {
  home: '/',
  events: '/events',
  event: (id: string, action?: string) => `/events/${encodeURIComponent(id)}${action ? `/${encodeURIComponent(action)}` : ''}`,
  membership: '/membership',
  /** The login entry: the login query flag opens the login modal over the current page (docs/routes.md#route-table). */
  login: '?login=1',
  resend: '/resend',
  checkout: '/checkout',
} as const;
