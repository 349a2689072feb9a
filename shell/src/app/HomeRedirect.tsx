import { Navigate } from 'react-router';
import { areaHomePath, defaultAreaFor, useCurrentUser } from '@leadsmith/shared/core';

/** The base layout redirects to the first sidebar group the user can see, or to Settings (spec §2). */
export function HomeRedirect() {
  const user = useCurrentUser();
  return <Navigate to={areaHomePath(defaultAreaFor(user?.modules))} replace />;
}
