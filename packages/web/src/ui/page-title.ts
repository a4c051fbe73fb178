/**
 * The page title's sizes (docs/routes.md#route-table "Page title sizes sm and lg"): `lg` for the storefront's front
 * pages (home, the listing), `sm` for the short task screens (recovery, set e-mail, a link that
 * expired); any other page keeps the default.
 */
export type PageTitleSize = 'sm' | 'lg';

export function pageTitleClass(size?: PageTitleSize): string {
  return size ? `page-title page-title--${size}` : 'page-title';
}
