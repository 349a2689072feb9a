/**
 * The elements and attributes the rich-text editor keeps (RichTextEditor's StarterKit with headings 2–4 and
 * links). Kept apart from the editor so a page can ask it without fetching the editor's chunk.
 */
const KEPT: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  code: [],
  pre: [],
  a: ['href', 'target', 'rel'],
};

/**
 * Whether the editor would show this HTML whole: false when it holds markup the editor drops on its first
 * edit (styles, scripts, embeds, layout elements, attributes). Parsed in an inert document: nothing runs.
 */
export function editorKeepsHtml(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // <style>, <script>, <meta> or <link> before any text are moved into the head by the parser.
  if (doc.head.childElementCount > 0) return false;
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    const attributes = KEPT[element.localName];
    if (!attributes) return false;
    if (Array.from(element.attributes).some((attribute) => !attributes.includes(attribute.name))) return false;
  }
  return true;
}
