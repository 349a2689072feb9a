import { Button, CloseButton, Drawer, Portal, Spinner } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchType } from '../../../api/types';
import { useResult } from '../api/getResult';
import { ResultDetails } from './ResultDetails';

export interface ResultDrawerProps {
  type: SearchType;
  listId: number;
  /** The result shown, or null when the panel is closed. */
  resultId: number | null;
  /** Where the result's full page is, relative to the list. */
  fullPageHref: string;
  onClose: () => void;
  /** The element focus goes back to when the panel closes (the result's row). */
  finalFocusEl: () => HTMLElement | null;
}

/** A result's details in a panel beside the list, so the table stays where it was; its full page is a link away. */
export function ResultDrawer({ type, listId, resultId, fullPageHref, onClose, finalFocusEl }: ResultDrawerProps) {
  const { t } = useTranslation('leadSearch');
  const result = useResult(type, listId, resultId ?? 0);
  return (
    <Drawer.Root
      open={resultId !== null}
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      placement="end"
      size="md"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="result-drawer">
            <Drawer.Header>
              <Drawer.Title>{result.data?.name ?? t('routes.result')}</Drawer.Title>
            </Drawer.Header>
            {/* Scrolls when the result is long: focusable so the keyboard can scroll it too. */}
            <Drawer.Body tabIndex={0}>
              {result.isPending ? (
                <Spinner role="status" aria-label={t('routes.result')} />
              ) : result.isError ? (
                <ErrorState
                  title={apiErrorMessage(result.error, t('errors.resultNotFound'))}
                  onRetry={() => void result.refetch()}
                />
              ) : (
                <ResultDetails type={type} result={result.data} titled={false} />
              )}
            </Drawer.Body>
            <Drawer.Footer>
              <Button asChild variant="outline" size="sm">
                <Link to={fullPageHref}>{t('details.openFullPage')}</Link>
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('details.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
