// Browser calls the DOM types promise but jsdom (the web tests' DOM) lacks: called only where they exist.

/** Marks a moment on the page's performance timeline (docs/performance.md), where the browser keeps one. */
export function markPerformance(name: string): void {
  (performance as Partial<Performance>).mark?.(name);
}

/** Scrolls the element into view, where the DOM can. */
export function scrollIntoView(element: Element, options: ScrollIntoViewOptions): void {
  (element as Partial<Element>).scrollIntoView?.(options);
}
