import { Box } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, Route, Routes, useNavigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';
import { PageSpinner } from './PageSpinner';
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
  /** Built screen, in the area's mount chunk (the screen the area opens on). */
  element?: ReactNode;
  /**
   * Built screen in a chunk of its own, fetched when the route is first matched:
   * `() => import('./X').then((m) => <m.X />)`. While it loads the route shows its title and the loading state; when
   * it cannot be fetched the area shows its could-not-be-loaded error, whose retry fetches again.
   */
  lazy?: () => Promise<ReactElement>;
  /** The spec marks this screen with a back button. */
  back?: boolean;
  /** Extra module this screen needs (e.g. Wallet needs `wallet`). */
  module?: ModuleSlug;
  children?: AreaRouteConfig[];
}

/** The code of one lazy route: fetched once, fetched again after a failure (a failed load is not kept). */
class LazyScreen {
  private pending: Promise<ReactElement> | undefined;
  Screen: LazyExoticComponent<ComponentType> = this.fresh();

  constructor(private readonly load: () => Promise<ReactElement>) {}

  preload(): Promise<ReactElement> {
    this.pending ??= this.load().catch((error: unknown) => {
      this.pending = undefined;
      this.Screen = this.fresh();
      throw error;
    });
    return this.pending;
  }

  private fresh(): LazyExoticComponent<ComponentType> {
    return lazy(async () => {
      const element = await this.preload();
      return { default: () => element };
    });
  }
}

const screens = new WeakMap<AreaRouteConfig, LazyScreen>();

function lazyScreenOf(route: AreaRouteConfig, load: () => Promise<ReactElement>): LazyScreen {
  let screen = screens.get(route);
  if (!screen) {
    screen = new LazyScreen(load);
    screens.set(route, screen);
  }
  return screen;
}

function RouteTitle({ titleKey, back }: { titleKey: string; back?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <PageHeader title={t(titleKey)} onBack={back ? () => navigate(-1) : undefined} />;
}

function LazyRoute({ screen, titleKey, back }: { screen: LazyScreen; titleKey?: string; back?: boolean }) {
  const Screen = screen.Screen;
  const fallback = titleKey ? (
    <Box>
      <RouteTitle titleKey={titleKey} back={back} />
      <PageSpinner />
    </Box>
  ) : (
    <PageSpinner />
  );
  return (
    <Suspense fallback={fallback}>
      <Screen />
    </Suspense>
  );
}

function pageOf(route: AreaRouteConfig): ReactNode {
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  if (route.lazy)
    return <LazyRoute screen={lazyScreenOf(route, route.lazy)} titleKey={route.titleKey} back={route.back} />;
  return route.element ?? (route.titleKey ? <RouteTitle titleKey={route.titleKey} back={route.back} /> : null);
}

function renderRoute(route: AreaRouteConfig): ReactNode {
  const page = pageOf(route);
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

/** The route table as React Router's objects, each carrying its entry (the same matching as `AreaRoutes`). */
function routeObjects(routes: AreaRouteConfig[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (route.children?.length) {
      return { path: route.path, children: [{ index: true, handle: route }, ...routeObjects(route.children)] };
    }
    return route.path === '' ? { index: true, handle: route } : { path: route.path, handle: route };
  });
}

/**
 * Starts fetching the lazy screen a location will render, before the area renders it (e.g. while the area's texts
 * load). A failure is left for the render to show.
 */
export function preloadAreaScreen(routes: AreaRouteConfig[], pathname: string, basename = '/'): void {
  for (const match of matchRoutes(routeObjects(routes), pathname, basename) ?? []) {
    const route = match.route.handle as AreaRouteConfig | undefined;
    if (route?.lazy)
      void lazyScreenOf(route, route.lazy)
        .preload()
        .catch(() => undefined);
  }
}

/** Every path of a route table, for tests (`a/b/:id`). */
export function flattenRoutePaths(routes: AreaRouteConfig[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const full = r.path === '' ? prefix : prefix ? `${prefix}/${r.path}` : r.path;
    return [full, ...flattenRoutePaths(r.children ?? [], full)];
  });
}
