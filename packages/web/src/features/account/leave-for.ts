/** Leaves the storefront for another site's page (the identity provider's logout): a full navigation, not the router's. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
