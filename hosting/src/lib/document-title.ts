import { useEffect } from 'react';

/**
 * The document's title (docs/requirements.md, "Page titles"): what the page shows, then the product, in
 * the user's language, so that tabs and a screen reader tell pages apart (WCAG 2.4.2). The routes give
 * each page its title (layer 0); a page that knows more once its data arrives (the 360 view's customer)
 * sets a more specific one above it (layer 1), which gives way when that page goes.
 */
const layers = new Map<number, string>();

function apply() {
  const top = Math.max(...layers.keys());
  const title = layers.get(top);
  if (title && document.title !== title) document.title = title;
}

/** A title from its parts, most specific first: "Définitions · Seuils · Insight". */
export const titleOf = (...parts: ReadonlyArray<string | null | undefined | false>) =>
  parts.filter(Boolean).join(' · ');

/** Sets the document's title while the calling component is shown (none: leaves it as it is). */
export function useDocumentTitle(title: string | null, layer = 0): void {
  useEffect(() => {
    if (!title) return;
    layers.set(layer, title);
    apply();
    return () => {
      if (layers.get(layer) === title) layers.delete(layer);
      apply();
    };
  }, [title, layer]);
}
