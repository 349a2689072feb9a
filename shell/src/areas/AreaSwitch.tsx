import { Navigate, useLocation, useNavigate } from 'react-router';
import { NotFoundPage, WHITELABEL_UPGRADE_PATH, areaForPath, useCurrentUser, userHasModule } from '@leadsmith/shared';
import { RemoteArea } from './RemoteArea';
import { UpgradePage } from './UpgradePage';

/**
 * Picks the area that owns the current path. One element for every area path,
 * keyed by area, so moving between paths of the same area (e.g. /settings and
 * /manage-team) keeps its React root mounted.
 */
export function AreaSwitch() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  if (pathname === WHITELABEL_UPGRADE_PATH) return <UpgradePage />;
  const area = areaForPath(pathname);
  if (!area) return <NotFoundPage onHome={() => navigate('/')} />;
  // Spec §2: module-keyed areas redirect users without the module to the base layout.
  if (!userHasModule(user?.modules, area.module)) return <Navigate to="/" replace />;
  return <RemoteArea key={area.id} area={area} />;
}
