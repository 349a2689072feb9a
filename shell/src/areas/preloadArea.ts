import { queryClient, type AreaDefinition } from '@leadsmith/shared/core';
import { loadArea } from '../federation/loadArea';
import { registryQueryOptions } from '../federation/remoteRegistry';

/** Hovering an entitled sidebar group warms its remote; failures surface on the real visit. */
export function preloadArea(area: AreaDefinition): void {
  void queryClient
    .ensureQueryData(registryQueryOptions(window.location.hostname))
    .then((registry) => loadArea(area, registry))
    .catch(() => undefined);
}
