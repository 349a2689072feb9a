import { brandingPreviewHtml } from '../components/brandingPreview';
import { readableOn } from '@leadsmith/shared';

const texts = {
  dashboard: 'Dashboard',
  heading: 'Heading',
  body: 'Body',
  button: 'Go',
  secondary: 'More',
  login: 'Login',
  support: 'Help',
};

describe('brandingPreviewHtml', () => {
  it('escapes the name, ignores colours that are not hex and links that are not http(s)', () => {
    const html = brandingPreviewHtml(
      {
        name: '<img src=x onerror=alert(1)>',
        button_color: 'red;}body{display:none',
        support_url: 'javascript:alert(1)',
        logo: 'javascript:alert(1)',
      },
      texts,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('display:none');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('.btn{background:#573BFF');
  });

  it('puts the reseller script in the document (it only ever renders in the sandboxed frame)', () => {
    expect(brandingPreviewHtml({ name: 'Acme', script: '<script>track()</script>' }, texts, 'de')).toMatch(
      /^<!doctype html><html lang="de">[\s\S]*<script>track\(\)<\/script>\n<\/body><\/html>$/,
    );
  });

  it('picks readable button text on the brand colour', () => {
    expect(readableOn('#FFFFFF')).toBe('#000000');
    expect(readableOn('#8B1A1A')).toBe('#FFFFFF');
    expect(readableOn('#01C0F6')).toBe('#000000');
  });
});
