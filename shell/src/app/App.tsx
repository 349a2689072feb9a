import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { ErrorBoundary, ErrorState, TOAST_CONTAINER_PROPS, i18n, queryClient } from '@leadsmith/shared';
import { RedirectIfAuthed, RequireAuth } from '../auth/RequireAuth';
import { LoginPage } from '../auth/LoginPage';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { CallbackPage, CrmCallbackPage } from '../auth/CallbackPages';
import { BaseLayout } from '../layout/BaseLayout';
import { AreaSwitch } from '../areas/AreaSwitch';
import { BrandingProvider } from './BrandingProvider';
import { HomeRedirect } from './HomeRedirect';
import { SessionWatcher } from './SessionWatcher';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<RedirectIfAuthed><LoginPage /></RedirectIfAuthed>} />
      <Route path="/forgot-password" element={<RedirectIfAuthed><ForgotPasswordPage /></RedirectIfAuthed>} />
      <Route path="/callback" element={<CallbackPage />} />
      <Route path="/crm/callback" element={<CrmCallbackPage />} />
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
