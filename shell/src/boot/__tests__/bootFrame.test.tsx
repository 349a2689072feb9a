import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import {
  BOOT_PREFETCH_GLOBAL,
  brandingFrom,
  brandingQueryOptions,
  i18n,
  loadLanguage,
  sessionKeys,
  useSessionStore,
  STORAGE_KEYS,
  type Branding,
  type Language,
  type User,
} from '@leadsmith/shared/core';
import { mockApi } from '@leadsmith/shared/testing';
import { BaseLayout } from '../../layout/BaseLayout';
import { BOOT_FRAME_ATTRIBUTE, buildBootFrame } from '../bootFrame';
import { FRAME_TEXTS } from '../frameTexts';
import { BOOT_FRAME_WAIT_MS, startBootFrame } from '../startBootFrame';

const TOKEN = 'tok-user';
const modules = (...slugs: User['modules'][number]['slug'][]) =>
  slugs.map((slug, i) => ({ id: i + 1, slug, name: slug }));
const person = (slugs: User['modules'][number]['slug'][], name: Partial<User> = {}) =>
  ({
    id: 3,
    email: 'dana@acme.test',
    first_name: 'Dana',
    last_name: 'Reyes',
    modules: modules(...slugs),
    ...name,
  }) as User;

interface Case {
  title: string;
  user: User;
  branding?: Partial<Branding>;
  path: string;
  lang?: Language;
  archived?: string;
  /** The user chose the icons-only sidebar. */
  collapsed?: boolean;
}

const CASES: Case[] = [
  {
    title: 'a customer on a lead-search page',
    user: person(['leads', 'wallet']),
    path: '/lead-search/saved-lists/people-4/12',
  },
  {
    title: 'a reseller with a logo, colours and a support link',
    user: person(['ai_suggest', 'leads', 'whitelabel', 'wallet']),
    branding: {
      name: 'Acme Leads',
      logo: '/uploads/acme.png',
      button_color: '#112233',
      sidebar_background_color: '#FAFAFA',
      text_color: '#101010',
      support_url: 'https://help.acme.test',
    },
    path: '/whitelabel/packages',
  },
  {
    title: 'the super admin at the home path',
    user: person(['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet']),
    path: '/',
  },
  {
    title: 'a user an admin is logged in as, in Spanish',
    user: person(['leads'], { first_name: '', last_name: '' }),
    path: '/settings/wallet',
    lang: 'es',
    archived: 'tok-admin',
  },
  {
    title: 'a German user with a name that looks like markup',
    user: person(['ai_suggest'], { first_name: '<img src=x onerror=alert(1)>', last_name: '' }),
    path: '/ai/training',
    lang: 'de',
  },
  {
    title: 'a French white-label user with the sidebar collapsed to icons',
    user: person(['leads', 'whitelabel']),
    path: '/whitelabel/packages',
    lang: 'fr',
    collapsed: true,
  },
];

const IGNORED = new Set([BOOT_FRAME_ATTRIBUTE, 'aria-disabled']);

/** Elements, attributes (sorted), a select's value and text of a tree, without the boot frame's own markers. */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes]
    .filter((a) => !IGNORED.has(a.name))
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
    .sort();
  const value = node instanceof HTMLSelectElement ? ` value=${node.value}` : '';
  return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}${value}>${[...node.childNodes].map(canonical).join('')}</>`;
}

/** Adjacent text nodes joined (React writes `{' '}{text}` as two), then canonical. */
function drawn(root: Element): string {
  root.normalize();
  return canonical(root);
}

async function reactFrame({ user, branding, path, lang = 'en', archived, collapsed }: Case): Promise<Element> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.me(TOKEN), user);
  client.setQueryData(brandingQueryOptions(window.location.hostname).queryKey, brandingFrom(branding));
  if (archived) localStorage.setItem('archived_user', archived);
  if (collapsed) localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, '1');
  useSessionStore.setState({ token: TOKEN });
  await loadLanguage(lang);
  await act(() => i18n.changeLanguage(lang));
  const { container } = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <BaseLayout />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return container.firstElementChild!;
}

function bootFrame({ user, branding, path, lang = 'en', archived, collapsed = false }: Case): HTMLElement {
  return buildBootFrame(document, {
    user,
    branding: brandingFrom(branding),
    token: TOKEN,
    archived: archived ?? null,
    pathname: path,
    lang,
    texts: FRAME_TEXTS[lang],
    debug: false,
    sidebarCollapsed: collapsed,
  });
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi(() => ({ status: 200, body: { data: [] } }));
  localStorage.clear();
});
afterEach(async () => {
  api.restore();
  await act(() => i18n.changeLanguage('en'));
});

describe('the boot frame draws what BaseLayout first renders', () => {
  it.each(CASES)('for $title', async (c) => {
    const react = await reactFrame(c);
    const boot = bootFrame(c);
    expect(drawn(boot)).toEqual(drawn(react));
    // The cases are not trivially equal: each has a sidebar with links and a signed-in name.
    expect(boot.querySelectorAll('nav a').length).toBeGreaterThan(2);
  });

  it('shows markup in names as text', () => {
    const boot = bootFrame(CASES[4]!);
    expect(boot.querySelector('img')).toBeNull();
    expect(boot.querySelector('[data-testid="signed-in-user"]')?.textContent).toBe(
      'Angemeldet als <img src=x onerror=alert(1)>',
    );
  });

  it('marks its buttons and select, not its links, as not working yet', () => {
    const boot = bootFrame(CASES[3]!);
    const waiting = [...boot.querySelectorAll('[aria-disabled="true"]')].map((e) => e.tagName);
    // Back (impersonation), search, language, account, sign out, the sidebar's toggle.
    expect(waiting).toEqual(['BUTTON', 'BUTTON', 'SELECT', 'BUTTON', 'BUTTON', 'BUTTON']);
    expect(boot.querySelectorAll('a[aria-disabled]')).toHaveLength(0);
  });
});

describe('startBootFrame', () => {
  const user = person(['leads']);

  function page(path: string) {
    window.history.replaceState(null, '', path);
    document.body.innerHTML = '<div id="root"><div id="boot" role="status">Loading…</div></div>';
  }

  function prefetched(me: Promise<unknown>, key = TOKEN) {
    localStorage.setItem('access_token', TOKEN);
    me.catch(() => undefined);
    window[BOOT_PREFETCH_GLOBAL] = {
      me: { key, response: me },
      branding: { key: window.location.hostname, response: Promise.resolve({ name: 'Acme Leads' }) },
    };
  }

  afterEach(() => {
    delete window[BOOT_PREFETCH_GLOBAL];
    document.body.innerHTML = '';
    document.title = '';
  });

  it('draws the frame over the placeholder once the user and branding arrive', async () => {
    page('/lead-search/new-search');
    prefetched(Promise.resolve(user));
    // The boot script starts the shell's entry once this settles (boot/index.ts): after the frame is drawn.
    await startBootFrame();
    const frame = document.querySelector(`#root > .ls-frame[${BOOT_FRAME_ATTRIBUTE}]`);
    expect(frame).not.toBeNull();
    expect(document.getElementById('boot')).toBeNull();
    expect(document.title).toBe('Acme Leads');
    expect(frame!.querySelector('a[aria-current="page"]')?.textContent).toBe('New search');
  });

  const leftAlone: [string, () => void, () => Promise<unknown>, string][] = [
    ['the shell has drawn first', () => document.getElementById('boot')!.remove(), () => Promise.resolve(user), TOKEN],
    ['the user call failed', () => undefined, () => Promise.reject(new Error('401')), TOKEN],
    ['the prefetch was made for another token', () => undefined, () => Promise.resolve(user), 'another-token'],
    [
      'the page is the login page',
      () => window.history.replaceState(null, '', '/login'),
      () => Promise.resolve(user),
      TOKEN,
    ],
  ];
  it.each(leftAlone)('leaves the page alone when %s', async (_, arrange, me, key) => {
    page('/lead-search/new-search');
    arrange();
    prefetched(me(), key);
    await startBootFrame();
    expect(document.querySelector('.ls-frame')).toBeNull();
  });

  it('lets the shell start after BOOT_FRAME_WAIT_MS when the calls hang, without drawing', async () => {
    jest.useFakeTimers();
    try {
      page('/lead-search/new-search');
      prefetched(new Promise(() => undefined));
      let settled = false;
      void startBootFrame().then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(BOOT_FRAME_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(document.querySelector('.ls-frame')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits for the document to be parsed when it runs before #root is there', async () => {
    page('/lead-search/new-search');
    const root = document.getElementById('root')!;
    root.remove();
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    try {
      prefetched(Promise.resolve(user));
      const done = startBootFrame();
      await act(async () => undefined);
      expect(document.querySelector('.ls-frame')).toBeNull();
      document.body.append(root);
      Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
      document.dispatchEvent(new Event('readystatechange'));
      await done;
      expect(document.querySelector('#root > .ls-frame')).not.toBeNull();
    } finally {
      delete (document as { readyState?: string }).readyState;
    }
  });

  it('follows a sidebar link in place, for the router to open when it starts', async () => {
    page('/lead-search/new-search');
    prefetched(Promise.resolve(user));
    await startBootFrame();
    const saved = [...document.querySelectorAll('nav a')].find(
      (a) => a.textContent === 'Saved lists',
    ) as HTMLAnchorElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    saved.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/lead-search/saved-lists');
    expect(saved.getAttribute('aria-current')).toBe('page');
    expect(document.querySelectorAll('nav a[aria-current]')).toHaveLength(1);
  });
});
