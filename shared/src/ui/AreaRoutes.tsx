import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';
import { NotFoundPage } from './NotFoundPage';
import { RequireModule } from './RequireModule';
import type { ModuleSlug } from '../areas/areas';

/** One entry of an area's route table (spec §2). */
export interface AreaRouteConfig {
  path: string;
  /** i18n key (area namespace) of the screen title. */
  titleKey?: string;
  /** Redirect target, relative to this route, e.g. `profile`. */
  redirectTo?: string;
  /** Built screen; when absent the route renders its translated title only. */
  element?: ReactNode;
  /** The spec marks this screen with a back button. */
  back?: boolean;
  /** Extra module this screen needs (e.g. Wallet needs `wallet`). */
  module?: ModuleSlug;
  children?: AreaRouteConfig[];
}

function RouteTitle({ titleKey, back }: { titleKey: string; back?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <PageHeader title={t(titleKey)} onBack={back ? () => navigate(-1) : undefined} />;
}

function renderRoute(route: AreaRouteConfig): ReactNode {
  const page = route.redirectTo ? (
    <Navigate to={route.redirectTo} replace />
  ) : (
    (route.element ?? (route.titleKey ? <RouteTitle titleKey={route.titleKey} back={route.back} /> : null))
  );
  const element = route.module ? <RequireModule module={route.module}>{page}</RequireModule> : page;
  if (route.children?.length) {
    return (
      <Route key={route.path} path={route.path}>
        <Route index element={element} />
        {route.children.map(renderRoute)}
      </Route>
    );
  }
  if (route.path === '') return <Route key="index" index element={element} />;
  return <Route key={route.path} path={route.path} element={element} />;
}

/** Renders an area's route table; unknown paths inside the area show the not-found page. */
export function AreaRoutes({ routes }: { routes: AreaRouteConfig[] }) {
  return (
    <Routes>
      {routes.map(renderRoute)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** Every path of a route table, for tests (`a/b/:id`). */
export function flattenRoutePaths(routes: AreaRouteConfig[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const full = r.path === '' ? prefix : prefix ? `${prefix}/${r.path}` : r.path;
    return [full, ...flattenRoutePaths(r.children ?? [], full)];
  });
}
