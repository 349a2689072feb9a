import { LANGUAGES, type Branding, type Language, type User } from '@leadsmith/shared/core';
import { displayName, isApplePlatform, isCurrentPath, isImpersonating, sidebarModel } from '../layout/frameModel';
import { frameBrandStyle } from '../layout/frameStyles';
import { navIconAttributes, navIconFor, type NavIconName } from '../layout/navIcons';
import { translate, type FrameTexts } from './frameTexts';

/** What the boot frame is drawn from: the prefetched user and branding, and what the page knows. */
export interface BootFrameInput {
  user: User;
  branding: Branding;
  token: string;
  /** The admin's own token while an admin is logged in as this user. */
  archived: string | null;
  pathname: string;
  lang: Language;
  texts: FrameTexts;
  /** The diagnostics button shows for admins, and for anyone with `?debug`. */
  debug: boolean;
  /** The user chose the icons-only sidebar (frameModel.storedSidebarCollapsed). */
  sidebarCollapsed: boolean;
}

/** Marks the boot frame's root until React draws its own (the bench and tests tell the two apart by it). */
export const BOOT_FRAME_ATTRIBUTE = 'data-boot-frame';

type Child = Node | string | null;

function element(
  doc: Document,
  tag: string,
  attributes: Record<string, string | undefined>,
  children: Child[] = [],
): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/**
 * The base layout's frame (header, sidebar, the outlet's spinner) as BaseLayout draws it on its first
 * render, in plain DOM: the same elements, classes, texts and links (bootFrame.test.ts compares the
 * two). Texts are set as text, never parsed as HTML. Its buttons and language select are marked
 * `aria-disabled` until React draws the working ones in their place.
 */
export function buildBootFrame(doc: Document, input: BootFrameInput): HTMLElement {
  const { user, branding, texts } = input;
  const t = (key: string, values?: Record<string, string>) => translate(texts.common, key, values);
  const el = (tag: string, attributes: Record<string, string | undefined>, children?: Child[]) =>
    element(doc, tag, attributes, children);
  const waiting = { 'aria-disabled': 'true' };

  const banner = isImpersonating(input.token, input.archived)
    ? el(
        'div',
        {
          role: 'region',
          'aria-label': texts.impersonation.back,
          'data-testid': 'impersonation-banner',
          class: 'ls-banner',
        },
        [
          el('p', {}, [translate(texts.impersonation, 'viewingAs', { name: displayName(user) })]),
          el('button', { type: 'button', class: 'ls-button ls-button--solid', 'aria-busy': 'false', ...waiting }, [
            texts.impersonation.back,
          ]),
        ],
      )
    : null;

  const isAdmin = user.modules.some((m) => m.slug === 'admin');
  const select = el(
    'select',
    { class: 'ls-select', 'aria-label': t('language.label'), 'data-testid': 'language-switch', ...waiting },
    LANGUAGES.map((lang) => el('option', { value: lang }, [t(`language.${lang}`)])),
  );
  (select as HTMLSelectElement).value = input.lang;
  const header = el('header', { class: 'ls-header' }, [
    branding.logo
      ? el('img', { class: 'ls-logo', src: branding.logo, alt: branding.name })
      : el('p', { class: 'ls-brand-name' }, [branding.name]),
    el(
      'button',
      {
        type: 'button',
        class: 'ls-button ls-search-button',
        'aria-haspopup': 'dialog',
        'aria-expanded': 'false',
        'aria-keyshortcuts': 'Control+K Meta+K',
        'data-testid': 'global-search-button',
        ...waiting,
      },
      [
        icon(doc, 'search'),
        el('span', {}, [t('globalSearch.button')]),
        el('kbd', { class: 'ls-kbd', 'aria-hidden': 'true' }, [
          t(isApplePlatform() ? 'globalSearch.shortcutMac' : 'globalSearch.shortcut'),
        ]),
      ],
    ),
    el('div', { class: 'ls-spacer' }),
    isAdmin || input.debug
      ? el('button', { type: 'button', class: 'ls-button', 'aria-expanded': 'false', ...waiting }, [
          t('diagnostics.open'),
        ])
      : null,
    select,
    el('p', { class: 'ls-user', 'data-testid': 'signed-in-user' }, [
      t('shell.signedInAs', { name: displayName(user) }),
    ]),
    el('div', { class: 'ls-account' }, [
      el(
        'button',
        {
          type: 'button',
          class: 'ls-button',
          'aria-expanded': 'false',
          'data-testid': 'account-menu-button',
          ...waiting,
        },
        [t('account.button')],
      ),
    ]),
    el('button', { type: 'button', class: 'ls-button', ...waiting }, [t('actions.signOut')]),
  ]);

  const collapsed = input.sidebarCollapsed;
  const title = (label: string) => (collapsed ? label : undefined);
  const label = (children: Child[]) => el('span', { class: 'ls-nav-label' }, children);
  const { groups, resourcesAt, builtInResources } = sidebarModel(user.modules, branding);
  const sections = groups.map(({ area, items }) =>
    el('section', { 'aria-labelledby': `group-${area.id}`, 'data-testid': `sidebar-group-${area.id}` }, [
      el('h2', { id: `group-${area.id}`, class: 'ls-nav-heading' }, [t(area.groupKey)]),
      el(
        'ul',
        { class: 'ls-nav-list' },
        items.map((item) => {
          const text = t(item.labelKey);
          return el('li', {}, [
            navLink(
              doc,
              `${area.basePath}/${item.path}`,
              [icon(doc, navIconFor(item.labelKey)), label([text])],
              input.pathname,
              title(text),
            ),
          ]);
        }),
      ),
    ]),
  );
  if (builtInResources.length > 0) {
    const newTab = () => el('span', { class: 'ls-sr-only' }, [` ${t('sidebar.resources.opensInNewTab')}`]);
    sections.splice(
      resourcesAt,
      0,
      el('section', { 'aria-labelledby': 'group-resources', 'data-testid': 'sidebar-group-resources' }, [
        el('h2', { id: 'group-resources', class: 'ls-nav-heading' }, [t('sidebar.groups.resources')]),
        el(
          'ul',
          { class: 'ls-nav-list' },
          builtInResources.map((link) =>
            el('li', {}, [
              el(
                'a',
                {
                  href: link.href,
                  target: '_blank',
                  rel: 'noopener noreferrer',
                  class: 'ls-nav-link',
                  title: title(t(link.labelKey)),
                },
                [icon(doc, 'external'), label([t(link.labelKey), newTab()])],
              ),
            ]),
          ),
        ),
      ]),
    );
  }
  const toggle = el(
    'button',
    {
      type: 'button',
      class: 'ls-nav-toggle',
      'aria-expanded': String(!collapsed),
      'aria-controls': 'sidebar-groups',
      'data-testid': 'sidebar-toggle',
      ...waiting,
    },
    [icon(doc, collapsed ? 'expand' : 'collapse'), label([t(collapsed ? 'sidebar.expand' : 'sidebar.collapse')])],
  );
  const nav = el(
    'nav',
    { 'aria-label': t('app.mainNavigation'), class: collapsed ? 'ls-nav ls-nav--collapsed' : 'ls-nav' },
    [toggle, el('div', { id: 'sidebar-groups', class: 'ls-nav-groups' }, sections)],
  );
  const spinner = el(
    'div',
    { class: 'ls-spinner-box', role: 'status', 'aria-live': 'polite', 'data-testid': 'frame-spinner' },
    [
      el('span', { class: 'ls-spinner', 'aria-hidden': 'true' }),
      el('span', { class: 'ls-sr-only' }, [t('app.loading')]),
    ],
  );
  const main = el('main', { id: 'content', tabindex: '-1', class: 'ls-main', 'data-testid': 'area-outlet' }, [spinner]);

  const frame = el('div', { class: 'ls-frame', [BOOT_FRAME_ATTRIBUTE]: '' }, [
    el('a', { href: '#content', class: 'ls-sr-only ls-skip' }, [t('app.skipToContent')]),
    banner,
    header,
    el('div', { class: 'ls-body' }, [nav, main]),
  ]);
  for (const [name, value] of Object.entries(frameBrandStyle(branding))) frame.style.setProperty(name, String(value));
  frame.addEventListener('click', (event) => followInApp(event, frame));
  return frame;
}

function navLink(
  doc: Document,
  to: string,
  children: Child[],
  pathname: string,
  title: string | undefined,
): HTMLElement {
  const current = isCurrentPath(pathname, to);
  // As React Router's NavLink draws it (data-discover included).
  return element(
    doc,
    'a',
    {
      'aria-current': current ? 'page' : undefined,
      class: current ? 'ls-nav-link active' : 'ls-nav-link',
      href: to,
      'data-discover': 'true',
      title,
    },
    children,
  );
}

/** A sidebar icon as NavIcon draws it (SVG elements need their namespace). */
function icon(doc: Document, name: NavIconName): Element {
  const SVG = 'http://www.w3.org/2000/svg';
  const { svg, path } = navIconAttributes(name);
  const root = doc.createElementNS(SVG, 'svg');
  for (const [attribute, value] of Object.entries(svg)) root.setAttribute(attribute, value);
  const line = doc.createElementNS(SVG, 'path');
  line.setAttribute('d', path.d);
  root.append(line);
  return root;
}

/**
 * A sidebar link clicked before React has drawn: the address changes in place (no page load) and the
 * shell's router, when it starts, opens that page.
 */
function followInApp(event: MouseEvent, frame: HTMLElement): void {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  const href = link?.getAttribute('href');
  if (
    !link ||
    !href?.startsWith('/') ||
    link.target ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  event.preventDefault();
  window.history.pushState(null, '', href);
  for (const a of frame.querySelectorAll<HTMLAnchorElement>('nav a[href^="/"]')) {
    const current = isCurrentPath(window.location.pathname, a.getAttribute('href') ?? '');
    a.classList.toggle('active', current);
    if (current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}
