/**
 * When this page's navigation started, on Date's clock (the one TanStack Query times its reads
 * with): what the HTML shell carried was read no sooner, nor was any request this page sent.
 */
export const navigationStart = (): number => Date.now() - performance.now();
