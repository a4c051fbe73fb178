import type { Server } from 'node:http';

/**
 * While the server drains on shutdown (docs/deploy.md): Node closes only the keep-alive
 * connections idle at the moment the listener closes, so one that turns idle later is closed as
 * soon as it does; whatever is still open after `limitMs` (a request that will not finish, a
 * client that never sends its headers) is cut, so the pools can close and the process exit within
 * the shutdown limit. Returns the function that stops it once the server has closed.
 */
export function drainConnections(server: Server, limitMs: number, onCut: () => void): () => void {
  const idle = setInterval(() => server.closeIdleConnections(), 250);
  const cut = setTimeout(() => {
    onCut();
    server.closeAllConnections();
  }, limitMs);
  return () => {
    clearInterval(idle);
    clearTimeout(cut);
  };
}
