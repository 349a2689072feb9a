import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@leadsmith/shared/core';
import { accountMenuModel } from './accountMenuModel';
import { displayName } from './frameModel';

/**
 * The header's account menu (a disclosure of links: the pages of the user's own account). Closes on a
 * choice, on Escape (focus back on its button) and on a click anywhere else.
 */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const handlePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [open]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="ls-account" ref={root} onKeyDown={handleKeyDown}>
      <button
        ref={button}
        type="button"
        className="ls-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu-button"
      >
        {t('account.button')}
      </button>
      {open && user ? (
        <div id={panelId} className="ls-account-panel" data-testid="account-menu">
          <p className="ls-account-name">{displayName(user)}</p>
          <p className="ls-account-email">{user.email}</p>
          <ul className="ls-nav-list">
            {accountMenuModel(user).map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="ls-nav-link" onClick={() => setOpen(false)}>
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
