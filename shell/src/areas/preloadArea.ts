import { areaForPath, defaultAreaFor, queryClient, userHasModule, type AreaDefinition } from '@leadsmith/shared/core';
import { loadArea } from '../federation/loadArea';
import { AreaPage } from './AreaPage';
import { registryQueryOptions } from '../federation/remoteRegistry';

/** Hovering an entitled sidebar group warms its remote; failures surface on the real visit. */
export function preloadArea(area: AreaDefinition): void {
  void queryClient
    .ensureQueryData(registryQueryOptions(window.location.hostname))
    .then((registry) => loadArea(area, registry))
    .catch(() => undefined);
}

/**
 * Right after the frame's first paint: the code that draws areas (the Chakra layer and the area
 * switch) and the remote of the area being opened start loading side by side, instead of the
 * remote waiting for that code to run first.
 */
export function warmOpeningArea(pathname: string, modules: readonly { slug: string }[] | undefined): void {
  AreaPage.preload();
  const area = pathname === '/' ? defaultAreaFor(modules) : areaForPath(pathname);
  if (area && userHasModule(modules, area.module)) preloadArea(area);
}
