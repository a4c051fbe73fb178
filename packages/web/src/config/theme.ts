/** Applies configured theme tokens as inline custom properties on <html>; returns an undo. */
export function applyThemeTokens(tokens: Record<string, string>, root: HTMLElement = document.documentElement): () => void {
  const previous = new Map<string, string>();
  for (const [name, value] of Object.entries(tokens)) {
    previous.set(name, root.style.getPropertyValue(name));
    root.style.setProperty(name, value);
  }
  return () => {
    for (const [name, value] of previous) {
      if (value) root.style.setProperty(name, value);
      else root.style.removeProperty(name);
    }
  };
}
