/**
 * Scrolls the element into view where the DOM can: jsdom (the web tests' DOM) has no
 * scrollIntoView, whatever the DOM types say.
 */
export function scrollIntoView(element: Element, options: ScrollIntoViewOptions): void {
  (element as Partial<Element>).scrollIntoView?.(options);
}
