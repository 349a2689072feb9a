import { installFrameStyles } from '../layout/frameStyles';
import { translate, type FrameTexts } from './frameTexts';

/** The attribute of the boot script that names the shell's entry scripts (shared/shellHtmlPlugin.cjs). */
export const ENTRY_ATTRIBUTE = 'data-entry';

/** The attribute that names the chunks the entry runs at start, for the boot script to preload. */
export const CHUNKS_ATTRIBUTE = 'data-chunks';

const named = (bootScript: Element | null, attribute: string) =>
  (bootScript?.getAttribute(attribute) ?? '').split(' ').filter(Boolean);

/** The entry scripts named on the boot script, in order. */
export function entryScripts(bootScript: Element | null): string[] {
  return named(bootScript, ENTRY_ATTRIBUTE);
}

/** The chunks the entry runs at start, named on the boot script. */
export function startChunks(bootScript: Element | null): string[] {
  return named(bootScript, CHUNKS_ATTRIBUTE);
}

/** Starts the shell's entry scripts (already preloaded by the page), run in their order. */
export function loadEntryScripts(sources: string[], onError: (source: string) => void, doc: Document = document): void {
  for (const source of sources) {
    const script = doc.createElement('script');
    script.src = source;
    script.async = false;
    script.addEventListener('error', () => onError(source));
    doc.head.append(script);
  }
}

/** The page's last resort when the shell's code cannot be fetched: what happened, and a reload. */
export function showStartFailure(texts: FrameTexts, doc: Document = document): void {
  const root = doc.getElementById('root');
  if (!root) return;
  installFrameStyles(doc);
  const box = doc.createElement('div');
  box.className = 'ls-fallback';
  box.setAttribute('role', 'alert');
  const heading = doc.createElement('h1');
  heading.textContent = translate(texts.common, 'errors.unexpected');
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.className = 'ls-button ls-button--solid';
  retry.textContent = translate(texts.common, 'actions.retry');
  retry.addEventListener('click', () => doc.defaultView?.location.reload());
  box.append(heading, retry);
  root.replaceChildren(box);
}
