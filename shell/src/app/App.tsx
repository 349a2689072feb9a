import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { ErrorBoundary, ErrorState, PageSpinner, TOAST_CONTAINER_PROPS, i18n, queryClient } from '@leadsmith/shared';
import { RedirectIfAuthed, RequireAuth } from '../auth/RequireAuth';
import { BaseLayout } from '../layout/BaseLayout';
import { AreaSwitch } from '../areas/AreaSwitch';
import { BrandingProvider } from './BrandingProvider';
import { HomeRedirect } from './HomeRedirect';
import { SessionWatcher } from './SessionWatcher';

// Pages a signed-in visit never shows load on demand: they stay out of the code that runs before the sidebar.
const LoginPage = lazy(() => import('../auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import('../auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const CallbackPage = lazy(() => import('../auth/CallbackPages').then((m) => ({ default: m.CallbackPage })));
const CrmCallbackPage = lazy(() => import('../auth/CallbackPages').then((m) => ({ default: m.CrmCallbackPage })));

function OnDemand({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<RedirectIfAuthed><OnDemand><LoginPage /></OnDemand></RedirectIfAuthed>} />
      <Route path="/forgot-password" element={<RedirectIfAuthed><OnDemand><ForgotPasswordPage /></OnDemand></RedirectIfAuthed>} />
      <Route path="/callback" element={<OnDemand><CallbackPage /></OnDemand>} />
      <Route path="/crm/callback" element={<OnDemand><CrmCallbackPage /></OnDemand>} />
      <Route element={<RequireAuth><BaseLayout /></RequireAuth>}>
        <Route index element={<HomeRedirect />} />
        <Route path="*" element={<AreaSwitch />} />
      </Route>
    </Routes>
  );
}

/** The shell: session, branding, router, toasts and the top-level error boundary. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrandingProvider>
          <ErrorBoundary fallback={(_, reset) => <ErrorState title={i18n.t('common:errors.unexpected')} onRetry={reset} />}>
            <BrowserRouter>
              <SessionWatcher />
              <AppRoutes />
            </BrowserRouter>
          </ErrorBoundary>
          <ToastContainer {...TOAST_CONTAINER_PROPS} />
        </BrandingProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
