import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import {
  AREA_CONTRACT_VERSION,
  ErrorState,
  PageSpinner,
  errorToReport,
  reportAppError,
  type AreaDefinition,
  type AreaLocation,
  type AreaModule,
  type AreaMountProps,
  type AreaNavigator,
} from '@leadsmith/shared';
import { IncompatibleRemoteError, loadArea, type LoadedArea } from '../federation/loadArea';
import { registryQueryOptions } from '../federation/remoteRegistry';
import { reloadOnceFor } from '../errors/reloadGuard';

type AreaState =
  { status: 'loading' } | { status: 'ready'; loaded: LoadedArea } | { status: 'failed' } | { status: 'incompatible' };

interface ParcelHostProps {
  module: AreaModule;
  mountProps: AreaMountProps;
  onError: (error: Error) => void;
}

/** Memoised with stable props: the Parcel pushes an update on every re-render. */
const ParcelHost = memo(function ParcelHost({ module, mountProps, onError }: ParcelHostProps) {
  return (
    <Parcel
      config={module as unknown as ParcelConfig}
      mountParcel={mountRootParcel}
      handleError={onError}
      wrapWith="div"
      wrapClassName="area-root"
      {...mountProps}
    />
  );
});

function useAreaNavigator(): AreaNavigator {
  const navigate = useNavigate();
  const ref = useRef(navigate);
  ref.current = navigate;
  return useMemo<AreaNavigator>(
    () => ({
      navigate: (to, options) => void ref.current(to, { replace: options?.replace, state: options?.state }),
      go: (delta) => void ref.current(delta),
    }),
    [],
  );
}

/**
 * Loads an entitled area's remote at runtime and mounts it as its own React
 * root. Every failure is a designed state inside the content area: the
 * sidebar and other areas keep working.
 */
export function RemoteArea({ area }: { area: AreaDefinition }) {
  const { t } = useTranslation('common');
  const areaName = t(area.groupKey);
  const registry = useQuery(registryQueryOptions(window.location.hostname));
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AreaState>({ status: 'loading' });
  const location = useLocation();
  const navigator = useAreaNavigator();

  useEffect(() => {
    if (!registry.data) return;
    let cancelled = false;
    setState({ status: 'loading' });
    loadArea(area, registry.data)
      .then((loaded) => {
        if (cancelled) return;
        setState({ status: 'ready', loaded });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const incompatible = error instanceof IncompatibleRemoteError;
        reportAppError({
          ...errorToReport(error),
          remote: area.remote,
          remote_version: registry.data.remotes[area.remote]?.version,
        });
        // Spec §8: a failed page load reloads the target once (a stale registry after
        // a deploy heals that way); a second failure shows the in-area error.
        if (!incompatible && attempt === 0 && reloadOnceFor()) return;
        setState({ status: incompatible ? 'incompatible' : 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [area, registry.data, attempt]);

  const areaLocation = useMemo<AreaLocation>(
    () => ({
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      state: location.state,
      key: location.key,
    }),
    [location.pathname, location.search, location.hash, location.state, location.key],
  );

  const loadedVersion = state.status === 'ready' ? state.loaded.version : undefined;
  const handleParcelError = useCallback(
    (error: Error) => {
      // A mount/update/unmount lifecycle threw: this area only shows its error with Retry.
      reportAppError({
        ...errorToReport(error),
        remote: area.remote,
        remote_version: loadedVersion,
        info: { phase: 'parcel' },
      });
      setState({ status: 'failed' });
    },
    [area.remote, loadedVersion],
  );

  const handleRetry = useCallback(() => {
    if (registry.isError) void registry.refetch();
    setAttempt((n) => n + 1);
  }, [registry]);

  if (registry.isError) {
    return (
      <ErrorState
        title={t('errors.areaFailed', { area: areaName })}
        detail={t('errors.areaFailedDetail')}
        onRetry={handleRetry}
      />
    );
  }
  if (state.status === 'incompatible') return <ErrorState title={t('errors.areaIncompatible', { area: areaName })} />;
  if (state.status === 'failed') {
    return (
      <ErrorState
        title={t('errors.areaFailed', { area: areaName })}
        detail={t('errors.areaFailedDetail')}
        onRetry={handleRetry}
      />
    );
  }
  if (state.status === 'loading') return <PageSpinner />;

  const mountProps: AreaMountProps = {
    contractVersion: AREA_CONTRACT_VERSION,
    area: area.id,
    basename: area.mountBase,
    location: areaLocation,
    navigator,
  };
  return (
    <div data-remote={area.remote} data-remote-version={state.loaded.version}>
      <ParcelHost
        key={`${area.remote}:${attempt}`}
        module={state.loaded.module}
        mountProps={mountProps}
        onError={handleParcelError}
      />
    </div>
  );
}
