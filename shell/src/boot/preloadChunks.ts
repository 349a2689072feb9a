/**
 * Preloads scripts the page will ask for next (the chunks the entry runs at start; a remote's files
 * while its entry loads), so they download meanwhile instead of after; one already preloaded is left
 * alone. A preload that fails is harmless: the script's own request reports it.
 */
export function preloadChunks(sources: string[], doc: Document = document): void {
  for (const source of sources) {
    if (doc.head.querySelector(`link[rel="preload"][href="${CSS.escape(source)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = source;
    doc.head.append(link);
  }
}
