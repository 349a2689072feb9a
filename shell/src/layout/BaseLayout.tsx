import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useBranding, useCurrentUser } from '@leadsmith/shared/core';
import { warmOpeningArea } from '../areas/preloadArea';
import { useLogout } from '../auth/session';
import { DiagnosticsEntry } from '../diagnostics/DiagnosticsEntry';
import { AccountMenu } from './AccountMenu';
import { ChatWidget } from './ChatWidget';
import { CreditBalance } from './CreditBalance';
import { SignInPromptsGate } from '../prompts/SignInPromptsGate';
import { FrameSpinner } from './FrameSpinner';
import { displayName } from './frameModel';
import { frameBrandStyle } from './frameStyles';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LanguageSwitch } from './LanguageSwitch';
import { GlobalSearch } from './search/GlobalSearch';
import { Sidebar } from './Sidebar';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { styledPage } from '../app/styledPage';

/** Drawn with Chakra, loaded only when an account's licence has expired (ADR 046). */
const LicenseExpiredPage = styledPage(() => import('../license/LicenseExpiredPage').then((m) => m.LicenseExpiredPage));

/**
 * The base layout at `/` (spec §2): header, sidebar and the content outlet areas mount into. The
 * frame is plain elements styled by frameStyles.ts, so it shows before Chakra and the areas load.
 */
export function BaseLayout() {
  const { t } = useTranslation('common');
  const branding = useBranding();
  const user = useCurrentUser();
  const logout = useLogout();
  const { pathname } = useLocation();
  // An expired licence: no area, sidebar, search or credits (their calls would be refused), only what to do about it.
  const expired = user?.license_expired === true;
  const painted = useAfterFirstPaint(() => (expired ? undefined : warmOpeningArea(pathname, user?.modules)));
  return (
    <div className="ls-frame" style={frameBrandStyle(branding)}>
      <a href="#content" className="ls-sr-only ls-skip">
        {t('app.skipToContent')}
      </a>
      <ImpersonationBanner />
      <header className="ls-header">
        {branding.logo ? (
          <img className="ls-logo" src={branding.logo} alt={branding.name} />
        ) : (
          <p className="ls-brand-name">{branding.name}</p>
        )}
        {expired ? null : <GlobalSearch />}
        <div className="ls-spacer" />
        {expired ? null : <CreditBalance />}
        <DiagnosticsEntry />
        <LanguageSwitch />
        {user ? (
          <p className="ls-user" data-testid="signed-in-user">
            {t('shell.signedInAs', { name: displayName(user) })}
          </p>
        ) : null}
        <AccountMenu />
        <button type="button" className="ls-button" onClick={() => void logout()}>
          {t('actions.signOut')}
        </button>
      </header>
      <div className="ls-body">
        {expired ? null : <Sidebar />}
        <main id="content" tabIndex={-1} className="ls-main" data-testid="area-outlet">
          {expired ? <LicenseExpiredPage /> : painted ? <Outlet /> : <FrameSpinner />}
        </main>
      </div>
      {painted && !expired ? <SignInPromptsGate /> : null}
      {painted ? <ChatWidget /> : null}
    </div>
  );
}
