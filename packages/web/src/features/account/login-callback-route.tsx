/** Route module of /auth0-callback. */
export { LoginCallbackPage as Component } from './external-login-pages.js';
