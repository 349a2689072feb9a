/**
 * Allowlist HTML sanitiser for reseller-written lesson bodies (ADR 007: reseller HTML never runs in the
 * app's origin). Lessons are shown inside the app to the reseller's customers, so unlike sales pages they
 * cannot live in a sandboxed document: the body is rebuilt from an allowlist instead.
 *
 * How it stays safe without a DOM: the input is tokenised and the output is *re-serialised*, never
 * copied. Only allowlisted tags come out, with no attributes at all except a checked `href` on `<a>`
 * (http, https or mailto; written back from the parsed URL), every text run is escaped, comments and
 * processing instructions are dropped, and elements whose content is code or a foreign namespace
 * (script, style, svg, math, iframe, template, …) are dropped together with their content. Open tags
 * are balanced, so the body cannot close the page around it. Idempotent: sanitising the output again
 * returns it unchanged.
 */

/** Tags kept (without attributes, except `href` on `a`). */
const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'a',
  'span',
  'div',
]);
const VOID = new Set(['br', 'hr']);
/** Dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
]);
/** Elements whose content the HTML parser reads as raw text: it ends at the first matching close tag. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'xmp']);

const TEXT_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text; an `&` is kept only when it starts a well-formed character reference. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)/g, '&amp;')
    .replace(/[<>"']/g, (c) => TEXT_ESCAPES[c] ?? c);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  nbsp: '\u00a0',
};
/** Decodes character references in an attribute value (enough to see through `javascript&#58;` tricks). */
function decodeEntities(value: string): string {
  return value.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z]+);?/g, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return safeCodePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(n: number): string | null {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** An href the lesson may keep: absolute http(s) or mailto, re-serialised by the URL parser. */
export function safeHref(raw: string): string | null {
  // As the URL parser does: tabs and newlines anywhere go, then leading/trailing controls and spaces.
  const value = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    .replace(EDGE_CONTROLS, '');
  if (!/^(https?:\/\/|mailto:)/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') return null;
    if (url.protocol !== 'mailto:' && url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeAttr = (value: string): string => value.replace(/[&<>"']/g, (c) => ATTR_ESCAPES[c] ?? c);

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Map<string, string>;
  /** Index just after the tag's `>`. */
  end: number;
}

/** Reads a tag starting at `html[start] === '<'`; null when it is not a well-formed tag (then `<` is text). */
function readTag(html: string, start: number): Tag | null {
  const head = /^<(\/?)([A-Za-z][A-Za-z0-9:-]*)/.exec(html.slice(start, start + 64));
  if (!head) return null;
  const closing = head[1] === '/';
  const name = head[2]!.toLowerCase();
  let i = start + head[0].length;
  const attrs = new Map<string, string>();
  let selfClosing = false;
  while (i < html.length) {
    const c = html[i]!;
    if (c === '>') return { name, closing, selfClosing, attrs, end: i + 1 };
    if (/[\s/]/.test(c)) {
      selfClosing = c === '/' && html[i + 1] === '>';
      i += 1;
      continue;
    }
    const nameMatch = /^[^\s/>=]+/.exec(html.slice(i, i + 256));
    if (!nameMatch) return null;
    const attrName = nameMatch[0].toLowerCase();
    i += nameMatch[0].length;
    while (i < html.length && /\s/.test(html[i]!)) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && /\s/.test(html[i]!)) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const bare = /^[^\s>]*/.exec(html.slice(i))![0];
        value = bare;
        i += bare.length;
      }
    }
    if (!attrs.has(attrName)) attrs.set(attrName, value);
  }
  return null;
}

/** Index just after the element `name` opened before `from` ends (its content skipped), or the end of input. */
function skipElement(html: string, lower: string, name: string, from: number): number {
  if (RAW_TEXT.has(name)) {
    const close = lower.indexOf(`</${name}`, from);
    if (close === -1) return html.length;
    const gt = html.indexOf('>', close);
    return gt === -1 ? html.length : gt + 1;
  }
  // Nested content (svg, math, object, template, select…): count opens and closes of the same name.
  let depth = 1;
  const pattern = new RegExp(`<(/?)${name}(?=[\\s/>])`, 'gi');
  pattern.lastIndex = from;
  for (let m = pattern.exec(lower); m; m = pattern.exec(lower)) {
    depth += m[1] === '/' ? -1 : 1;
    if (depth === 0) {
      const gt = html.indexOf('>', m.index);
      return gt === -1 ? html.length : gt + 1;
    }
  }
  return html.length;
}

export function sanitizeHtml(input: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is dropped (PostgreSQL cannot store it; parsers differ on it)
  const html = input.replace(/\u0000/g, '');
  // Lower-cased once (same length: only ASCII tag names are searched in it).
  const lower = html.replace(/[A-Z]/g, (c) => c.toLowerCase());
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at !== -1) {
        // Close everything opened inside it too: the output stays balanced.
        while (open.length > at) out += `</${open.pop()!}>`;
      }
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag.name)) {
      if (!tag.selfClosing && tag.name !== 'embed') i = skipElement(html, lower, tag.name, i);
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue; // the tag goes, its text stays
    if (VOID.has(tag.name)) {
      out += `<${tag.name}>`;
      continue;
    }
    if (tag.name === 'a') {
      const href = safeHref(tag.attrs.get('href') ?? '');
      out += href ? `<a href="${escapeAttr(href)}" target="_blank" rel="noopener noreferrer nofollow">` : '<a>';
    } else {
      out += `<${tag.name}>`;
    }
    if (tag.selfClosing) out += `</${tag.name}>`;
    else open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()!}>`;
  return out;
}
