import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { apiErrorMessage } from '@leadsmith/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListEndProps {
  /** Rows loaded so far. */
  shown: number;
  total: number;
  /** The total is a cap ("more than 10,000") or the database's estimate ("about"), not a count. */
  totalIs?: 'capped' | 'estimated';
  /** The list goes on after the rows loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last page asked for did not load (null: it did). */
  error: unknown;
  onLoadMore: () => void;
  /**
   * The line sits at the end of the element its list scrolls in (the table's frame): the end counts as in view when
   * it is in view there, whether or not the page has scrolled the frame's bottom into the window.
   */
  inFrame?: boolean;
}

/**
 * The end of the loaded rows: how many of the list's are shown, and the next page asked for as it comes into view
 * (an IntersectionObserver, so a scroll, a keyboard move or a tall screen all count); while it loads it says so, and
 * when it fails it says why with a retry. Nothing is asked for again on its own after a failure.
 */
export function ListEnd({ shown, total, totalIs, hasMore, loadingMore, error, onLoadMore, inFrame }: ListEndProps) {
  const { t } = useTranslation('leadSearch');
  const ref = useRef<HTMLDivElement | null>(null);
  const wanted = hasMore && !loadingMore && !error;
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || !wanted || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports at once whether the end is in view: after a page lands on a tall screen, the next is
    // asked for without a scroll.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { root: inFrame ? el.parentElement : null },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [wanted, shown, inFrame]);

  const count = totalIs === 'capped' ? 'list.shownMore' : totalIs === 'estimated' ? 'list.shownAbout' : 'list.shown';
  return (
    <HStack ref={ref} data-testid="list-end" data-shown={shown} justify="center" gap={3} py={3} px={4} flexWrap="wrap">
      <Text role="status" fontSize="sm" data-testid="list-shown">
        {t(count, { shown, count: total })}
        {loadingMore ? (
          <>
            {' '}
            <Spinner size="xs" aria-hidden="true" /> {t('list.loadingMore')}
          </>
        ) : null}
      </Text>
      {error && !loadingMore ? (
        <>
          <Text role="alert" fontSize="sm" color="red.700" fontWeight="semibold">
            {apiErrorMessage(error, t('list.loadMoreFailed'))}
          </Text>
          <Button size="xs" variant="outline" onClick={onLoadMore}>
            {t('list.loadMoreRetry')}
          </Button>
        </>
      ) : null}
    </HStack>
  );
}
