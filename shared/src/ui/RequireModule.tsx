import { useEffect, type ReactNode } from 'react';
import type { ModuleSlug } from '../areas/areas';
import { useCurrentUser, userHasModule } from '@leadsmith/shared/core';
import { useAreaProps } from './AreaContext';

/** Inside an area: a screen that needs an extra module sends users without it to the base layout (spec §2). */
export function RequireModule({ module, children }: { module: ModuleSlug; children: ReactNode }) {
  const user = useCurrentUser();
  const { navigator } = useAreaProps();
  const allowed = userHasModule(user?.modules, module);
  useEffect(() => {
    if (user && !allowed) navigator.navigate('/', { replace: true });
  }, [user, allowed, navigator]);
  return allowed ? <>{children}</> : null;
}
