// Browser calls the DOM types promise but jsdom (the web tests' DOM) lacks: called only where they exist.

/** Marks a moment on the page's performance timeline (docs/performance.md), where the browser keeps one. */
export function markPerformance(name: string): void {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the DOM types promise mark(); jsdom has none
  performance.mark?.(name);
}

/** Scrolls an element into view, where the browser can. */
export function scrollIntoViewIfAble(element: Element, options: ScrollIntoViewOptions): void {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the DOM types promise scrollIntoView(); jsdom has none
  element.scrollIntoView?.(options);
}
