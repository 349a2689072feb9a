import type { Branding } from '@leadsmith/shared/core';

const SAFE_ICON = /^(https:\/\/|\/|data:image\/(png|x-icon|svg\+xml|gif|jpeg);)/;

/**
 * The domain's name as the document title, its description (business settings `content`) as the
 * page's meta description, and its favicon (https, same-origin or an image data URL only).
 */
export function applyDocumentBranding(branding: Branding, doc: Document = document): void {
  doc.title = branding.name;
  let description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (branding.content) {
    if (!description) {
      description = doc.createElement('meta');
      description.name = 'description';
      doc.head.append(description);
    }
    description.content = branding.content;
  } else description?.remove();
  const icon = doc.getElementById('app-favicon');
  if (icon instanceof HTMLLinkElement && branding.favicon && SAFE_ICON.test(branding.favicon))
    icon.href = branding.favicon;
}
