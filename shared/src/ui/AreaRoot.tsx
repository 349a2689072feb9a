import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Router, createPath, type Navigator, type To } from 'react-router';
import type { AreaId, AreaMountProps } from '../contract/areaContract';
import { AREAS, ErrorBoundary, i18n, queryClient } from '@leadsmith/shared/core';
import { AreaChakraProvider } from '../theme/BrandChakra';
import { AreaContext } from './AreaContext';
import { ErrorState } from './ErrorState';
import { PageSpinner } from './PageSpinner';

export interface AreaRootProps extends AreaMountProps {
  /** Federation name of the remote, for error reports. */
  remote: string;
  remoteVersion: string;
  children: ReactNode;
}

function toHref(to: To): string {
  return typeof to === 'string' ? to : createPath(to);
}

/** webpack's error when a chunk (a lazily loaded screen's) cannot be fetched. */
function isChunkLoadError(error: Error): boolean {
  return error.name === 'ChunkLoadError';
}

function AreaErrorFallback({ error, area, reset }: { error: Error; area: AreaId; reset: () => void }) {
  const { t } = useTranslation('common');
  // A screen's code that could not be fetched reads as the area's (the shell's words when a remote cannot load).
  const group = AREAS.find((a) => a.id === area)?.groupKey;
  const title =
    isChunkLoadError(error) && group ? t('errors.areaFailed', { area: t(group) }) : t('errors.somethingWrong');
  return <ErrorState title={title} detail={t('errors.areaFailedDetail')} onRetry={reset} />;
}

/**
 * Providers for one area (its own React root: context does not cross roots).
 * The router is React Router's low-level `<Router>` driven by the shell's
 * location and navigator: only the shell touches browser history.
 */
export function AreaRoot({ remote, remoteVersion, children, ...props }: AreaRootProps) {
  const { navigator: shellNavigator, location, basename } = props;
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: toHref,
      go: (delta) => shellNavigator.go(delta),
      push: (to, state) => shellNavigator.navigate(toHref(to), { state }),
      replace: (to, state) => shellNavigator.navigate(toHref(to), { replace: true, state }),
    }),
    [shellNavigator],
  );
  return (
    <AreaContext.Provider value={props}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <AreaChakraProvider>
            <ErrorBoundary
              source={{ remote, version: remoteVersion }}
              resetKey={location.pathname}
              fallback={(error, reset) => <AreaErrorFallback error={error} area={props.area} reset={reset} />}
            >
              <Suspense fallback={<PageSpinner />}>
                <Router basename={basename} location={location} navigator={navigator}>
                  {children}
                </Router>
              </Suspense>
            </ErrorBoundary>
          </AreaChakraProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </AreaContext.Provider>
  );
}
