import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { safeHref, sanitizeHtml } from '../src/modules/whitelabel/sanitizeHtml';

/**
 * The lesson-body sanitiser (ADR 007) against the XSS corpus the e2e suites use
 * (e2e/support/SecurityXss.ts, read from that file so both suites try the same payloads), in several
 * contexts, then against generated HTML soup. The output is parsed by a real HTML parser (jsdom) and
 * must hold nothing that runs: no element outside the allowlist, no attribute but a checked href.
 */
function e2eCorpus(): string[] {
  const source = readFileSync(join(__dirname, '../../e2e/support/SecurityXss.ts'), 'utf8');
  const lists = [...source.matchAll(/export const (?:SHORT_PAYLOADS|PAYLOADS) = \[([\s\S]*?)\] as const;/g)];
  const payloads = lists.flatMap(
    (m) => runInNewContext(`[${m[1]!.replace(/\.\.\.SHORT_PAYLOADS,?/, '')}]`) as string[],
  );
  return [...new Set(payloads)];
}

const ALLOWED = new Set([
  'P',
  'BR',
  'HR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'UL',
  'OL',
  'LI',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'CODE',
  'PRE',
  'A',
  'SPAN',
  'DIV',
]);

/** The few DOM members used here (the API's TypeScript program has no DOM library). */
interface ParsedElement {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
}
interface ParsedRoot {
  innerHTML: string;
  querySelectorAll(selector: string): ArrayLike<ParsedElement>;
}
// A real HTML parser (jsdom, from the web test setup) reads the sanitiser's output as a browser would.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require('jsdom') as {
  JSDOM: new (html: string) => { window: { document: { createElement(tag: string): ParsedRoot } } };
};
const parserDocument = new JSDOM('<!doctype html><body></body>').window.document;

/** Problems a real parser finds in sanitised output (empty = safe). */
function problemsIn(html: string): string[] {
  const root = parserDocument.createElement('div');
  root.innerHTML = html;
  const problems: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (!ALLOWED.has(el.tagName)) problems.push(`element ${el.tagName}`);
    for (const attr of Array.from(el.attributes)) {
      if (el.tagName === 'A' && attr.name === 'href') {
        if (!/^(https?:|mailto:)/.test(attr.value)) problems.push(`href ${attr.value}`);
      } else if (!(el.tagName === 'A' && (attr.name === 'target' || attr.name === 'rel')))
        problems.push(`attribute ${attr.name} on ${el.tagName}`);
    }
  }
  return problems;
}

const CONTEXTS: ((payload: string) => string)[] = [
  (p) => p,
  (p) => `<p>${p}</p>`,
  (p) => `<a href="${p}">link</a>`,
  (p) => `<a href='${p}'>link</a>`,
  (p) => `<a href=${p}>link</a>`,
  (p) => `<ul><li>${p}`,
  (p) => `<p title="${p}">x</p>`,
  (p) => `<!-- ${p} -->${p}`,
  (p) => `<pre>${p}</pre><code>${p}`,
];

describe('lesson body sanitiser', () => {
  const corpus = e2eCorpus();

  it('reads the e2e corpus', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(18);
    expect(corpus).toContain('<script>alert(3)</script>');
  });

  it('leaves nothing that runs from any corpus payload in any context, and is idempotent', () => {
    for (const payload of corpus) {
      for (const wrap of CONTEXTS) {
        const input = wrap(payload);
        const out = sanitizeHtml(input);
        expect({ input, problems: problemsIn(out) }).toEqual({ input, problems: [] });
        expect(out).not.toMatch(/<(script|img|svg|iframe|object|style|math|input|details|body)\b/i);
        expect(out).not.toMatch(/\son\w+\s*=/i);
        expect(out).not.toMatch(/href="\s*javascript:/i);
        expect(sanitizeHtml(out)).toBe(out);
      }
    }
  });

  it('keeps the formatting a lesson needs and safe links, as text where markup is not allowed', () => {
    const out = sanitizeHtml(
      '<h2 class="x">Step 1</h2><p style="color:red">Open <strong>Settings</strong> &amp; <a href="https://help.example.com/a?b=1&amp;c=2" onclick="x()">read this</a></p><ul><li>One<li>Two</ul>',
    );
    expect(out).toBe(
      '<h2>Step 1</h2><p>Open <strong>Settings</strong> &amp; <a href="https://help.example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">read this</a></p><ul><li>One<li>Two</li></li></ul>',
    );
    expect(sanitizeHtml('1 < 2 and 3 > 2 "quoted"')).toBe('1 &lt; 2 and 3 &gt; 2 &quot;quoted&quot;');
    expect(sanitizeHtml('<div><p>unclosed')).toBe('<div><p>unclosed</p></div>');
    expect(sanitizeHtml('</div></body><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<custom-el>kept text</custom-el>')).toBe('kept text');
  });

  it('accepts only http(s) and mailto links, seeing through encodings', () => {
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('mailto:help@example.com')).toBe('mailto:help@example.com');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'javascript&#58;alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
      '/relative',
      'https://',
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });

  it('holds on generated HTML soup (property-based)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '=',
      '/',
      '<!--',
      '-->',
      '<!',
      '&',
      '&#',
      ';',
      ' ',
      'x',
      'on',
      'onerror',
      'href',
      'src',
      'javascript:',
      'alert(1)',
      'script',
      'svg',
      'math',
      'style',
      'img',
      'a',
      'p',
      'iframe',
      'template',
      'textarea',
      '<a href=',
      '<img src=x onerror=',
      '</',
      '<script>',
      '</script>',
      '<svg><p><style>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const out = sanitizeHtml(parts.join(''));
        return problemsIn(out).length === 0 && sanitizeHtml(out) === out;
      }),
      { numRuns: 500 },
    );
  });
});
