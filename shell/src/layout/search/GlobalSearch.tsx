import { useInfiniteQuery } from '@tanstack/react-query';
import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GLOBAL_SEARCH, useBranding, useCurrentUser, userHasModule, useSessionStore } from '@leadsmith/shared/core';
import { NavIcon } from '../NavIcon';
import { globalSearchQueryOptions } from './getGlobalSearch';
import { isApplePlatform } from '../frameModel';
import { listPath, matchingPages, resultPath, searchablePages } from './globalSearchModel';

/** How long typing pauses before the account's lists and results are asked for. */
const TYPING_PAUSE_MS = 200;
/** Pages offered at most (they are matched in the browser, so they show at the first letter). */
const MAX_PAGES = 8;

interface SearchOption {
  id: string;
  group: 'pages' | 'lists' | 'results' | 'more';
  label: string;
  meta?: string;
  to?: string;
}

/** The header's button: it opens the search, as Ctrl+K (⌘K) does anywhere. The boot frame draws the same. */
export const SearchButton = forwardRef<HTMLButtonElement, { onClick: () => void; expanded: boolean }>(
  function SearchButton({ onClick, expanded }, ref) {
    const { t } = useTranslation('common');
    return (
      <button
        ref={ref}
        type="button"
        className="ls-button ls-search-button"
        aria-haspopup="dialog"
        aria-expanded={expanded}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={onClick}
        data-testid="global-search-button"
      >
        <NavIcon name="search" />
        <span>{t('globalSearch.button')}</span>
        <kbd className="ls-kbd" aria-hidden="true">
          {t(isApplePlatform() ? 'globalSearch.shortcutMac' : 'globalSearch.shortcut')}
        </kbd>
      </button>
    );
  },
);

/** The text once typing has paused. */
function usePausedValue(value: string, ms: number): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return paused;
}

/**
 * The search dialog: a combobox over the pages the user can open (by their translated titles) and, for
 * users with lead search, the account's lists and results (GET /api/global-search). Arrow keys move,
 * Enter opens, Escape closes and gives focus back; a click opens as well.
 */
function SearchDialog({ onClose }: { onClose: (restoreFocus: boolean) => void }) {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const branding = useBranding();
  const token = useSessionStore((s) => s.token);
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const trimmed = text.trim();
  const q = usePausedValue(trimmed, TYPING_PAUSE_MS);
  const searchesData = userHasModule(user?.modules, 'leads');
  const found = useInfiniteQuery(globalSearchQueryOptions(token, q, searchesData));
  const pages = useMemo(() => searchablePages(user, branding), [user, branding]);

  useEffect(() => input.current?.focus(), []);

  const current = found.data && q === trimmed ? found.data.pages : [];
  const lists = current.flatMap((p) => p.lists.data);
  const results = current.flatMap((p) => p.results.data);
  const first = current[0];
  const options: SearchOption[] = [
    ...matchingPages(pages, trimmed, t, i18n.language)
      .slice(0, MAX_PAGES)
      .map((page, i) => ({
        id: `${ids}-page-${i}`,
        group: 'pages' as const,
        label: t(page.labelKey),
        meta: t(page.groupKey),
        to: page.to,
      })),
    ...lists.map((list) => ({
      id: `${ids}-list-${list.id}`,
      group: 'lists' as const,
      label: list.name,
      meta: [
        t('globalSearch.listMeta', { type: t(`globalSearch.listTypes.${list.list_type}`), count: list.result_count }),
        list.archived ? t('globalSearch.archived') : null,
      ]
        .filter(Boolean)
        .join(' · '),
      to: listPath(list),
    })),
    ...results.map((result) => ({
      id: `${ids}-result-${result.id}`,
      group: 'results' as const,
      label: result.name,
      meta: [result.company, result.email, t('globalSearch.inList', { list: result.campaign_name })]
        .filter(Boolean)
        .join(' · '),
      to: resultPath(result),
    })),
    ...(found.hasNextPage && current.length > 0
      ? [{ id: `${ids}-more`, group: 'more' as const, label: t('globalSearch.more') }]
      : []),
  ];
  const active = options.length === 0 ? -1 : Math.min(activeIndex, options.length - 1);
  const activeId = active >= 0 ? options[active]!.id : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    if (option.to) {
      onClose(false);
      void navigate(option.to);
    } else if (!found.isFetchingNextPage) {
      void found.fetchNextPage();
    }
  };

  const handleInputKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  };

  const handleDialogKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(true);
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog: the field and the close button.
      event.preventDefault();
      (document.activeElement === input.current ? closeButton.current : input.current)?.focus();
    }
  };

  const waiting = searchesData && trimmed.length >= GLOBAL_SEARCH.minLength && (q !== trimmed || found.isFetching);
  const matches = options.filter((o) => o.group !== 'more').length;
  const statusText = (): string => {
    if (trimmed.length === 0) return '';
    if (waiting && options.length === 0) return t('globalSearch.searching');
    if (found.isError && q === trimmed) return t('globalSearch.failed');
    if (matches === 0 && searchesData && trimmed.length < GLOBAL_SEARCH.minLength)
      return t('globalSearch.typeMore', { count: GLOBAL_SEARCH.minLength });
    if (matches === 0) return t('globalSearch.noMatches', { q: trimmed });
    const total =
      options.filter((o) => o.group === 'pages').length + (first ? first.lists.total + first.results.total : 0);
    const counted = t('globalSearch.found', { count: total });
    return first && !first.results_searched
      ? `${counted} ${t('globalSearch.resultsFrom', { count: GLOBAL_SEARCH.resultMinLength })}`
      : counted;
  };
  const status = statusText();

  const groups = (['pages', 'lists', 'results', 'more'] as const)
    .map((group) => ({ group, items: options.filter((o) => o.group === group) }))
    .filter((g) => g.items.length > 0);
  const listboxId = `${ids}-listbox`;

  return (
    <div
      className="ls-search-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose(true);
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('globalSearch.title')}
        className="ls-search-dialog"
        onKeyDown={handleDialogKeyDown}
        data-testid="global-search"
      >
        <div className="ls-search-bar">
          <NavIcon name="search" />
          <input
            ref={input}
            className="ls-search-input"
            type="text"
            role="combobox"
            aria-label={t('globalSearch.inputLabel')}
            aria-expanded={options.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('globalSearch.placeholder')}
            value={text}
            maxLength={GLOBAL_SEARCH.maxLength}
            onChange={(event) => {
              setText(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={handleInputKeyDown}
          />
          <button ref={closeButton} type="button" className="ls-button" onClick={() => onClose(true)}>
            {t('globalSearch.close')}
          </button>
        </div>
        <div id={listboxId} role="listbox" aria-label={t('globalSearch.title')} className="ls-search-list">
          {groups.map(({ group, items }) => (
            <div
              key={group}
              role="group"
              aria-label={group === 'more' ? undefined : t(`globalSearch.groups.${group}`)}
              className="ls-search-group"
            >
              {group === 'more' ? null : (
                <div className="ls-search-group-title" aria-hidden="true">
                  {t(`globalSearch.groups.${group}`)}
                </div>
              )}
              {items.map((option) => (
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={option.id === activeId}
                  className="ls-search-option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActiveIndex(options.indexOf(option))}
                  onClick={() => choose(option)}
                >
                  <span className="ls-search-option-label">{option.label}</span>
                  {option.meta ? <span className="ls-search-option-meta">{option.meta}</span> : null}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p role="status" aria-live="polite" className="ls-search-status" data-testid="global-search-status">
          {status}
        </p>
      </div>
    </div>
  );
}

/** The header's global search: its button, Ctrl+K / ⌘K from anywhere, and the dialog. */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const handleShortcut = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k')
        return;
      event.preventDefault();
      setOpen(!open);
      if (open) button.current?.focus();
    };
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, [open]);

  const handleClose = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  };

  return (
    <>
      <SearchButton ref={button} expanded={open} onClick={() => setOpen(true)} />
      {open ? <SearchDialog onClose={handleClose} /> : null}
    </>
  );
}
