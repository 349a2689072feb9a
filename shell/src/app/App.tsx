import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary, i18n, queryClient } from '@leadsmith/shared/core';
import { RedirectIfAuthed, RequireAuth } from '../auth/RequireAuth';
import { AreaPage } from '../areas/AreaPage';
import { BaseLayout } from '../layout/BaseLayout';
import { FrameError } from '../layout/FrameError';
import { BrandingProvider } from './BrandingProvider';
import { DeferredToasts } from './DeferredToasts';
import { HomeRedirect } from './HomeRedirect';
import { MaintenanceGate } from './MaintenanceGate';
import { SessionWatcher } from './SessionWatcher';
import { styledPage } from './styledPage';

// What the frame draws needs neither Chakra nor the rest of @leadsmith/shared (frame.test.ts checks):
// pages drawn with Chakra load on demand, each with the Chakra layer, so a signed-in visit shows its
// sidebar before that code is fetched.
const LoginPage = styledPage(() => import('../auth/LoginPage').then((m) => m.LoginPage));
const ForgotPasswordPage = styledPage(() => import('../auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage));
const RegisterPage = styledPage(() => import('../auth/RegisterPage').then((m) => m.RegisterPage));
const ConfirmEmailPage = styledPage(() => import('../auth/ConfirmEmailPage').then((m) => m.ConfirmEmailPage));
const CallbackPage = styledPage(() => import('../auth/CallbackPages').then((m) => m.CallbackPage));
const CrmCallbackPage = styledPage(() => import('../auth/CallbackPages').then((m) => m.CrmCallbackPage));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <RedirectIfAuthed>
            <LoginPage />
          </RedirectIfAuthed>
        }
      />
      <Route
        path="/forgot-password"
        element={
          <RedirectIfAuthed>
            <ForgotPasswordPage />
          </RedirectIfAuthed>
        }
      />
      <Route
        path="/register"
        element={
          <RedirectIfAuthed>
            <RegisterPage />
          </RedirectIfAuthed>
        }
      />
      <Route
        path="/confirm-email"
        element={
          <RedirectIfAuthed>
            <ConfirmEmailPage />
          </RedirectIfAuthed>
        }
      />
      <Route path="/callback" element={<CallbackPage />} />
      <Route path="/crm/callback" element={<CrmCallbackPage />} />
      <Route
        element={
          <RequireAuth>
            <BaseLayout />
          </RequireAuth>
        }
      >
        <Route index element={<HomeRedirect />} />
        <Route path="*" element={<AreaPage />} />
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
          <ErrorBoundary fallback={(_, reset) => <FrameError onRetry={reset} />}>
            <BrowserRouter>
              <SessionWatcher />
              <MaintenanceGate>
                <AppRoutes />
              </MaintenanceGate>
            </BrowserRouter>
          </ErrorBoundary>
          <DeferredToasts />
        </BrandingProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
