import { useQueryClient } from '@tanstack/react-query';
import { UNDO_WINDOW_MS, toast } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { undoOperation, type Undoable } from '../api/undoOperation';

export interface UndoToastOptions {
  /** The translated text of the Undo button. */
  undoLabel: string;
  /** Called once the change is undone (refresh what it touched). */
  onUndone: () => unknown;
}

/**
 * The answer's message as a success toast with an Undo button for UNDO_WINDOW_MS (issue 29 item 5). The toast is
 * drawn by the shell's container, in another React root: it gets plain strings and a callback, never this area's
 * contexts. The countdown does not pause on hover, so it ends when the server's window does; a change that changed
 * nothing (undo_id null) gets a plain toast.
 */
export function showUndoToast(answer: Undoable, { undoLabel, onUndone }: UndoToastOptions): void {
  if (typeof answer.undo_id !== 'number') {
    toast.success(answer.message);
    return;
  }
  const undoId = answer.undo_id;
  toast.success(
    ({ closeToast }) => (
      <span style={{ display: 'inline-flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{answer.message}</span>
        <button
          type="button"
          className="undo-toast-button"
          style={{
            fontWeight: 600,
            textDecoration: 'underline',
            background: 'none',
            border: 0,
            padding: '0.125rem 0.25rem',
            cursor: 'pointer',
            color: 'inherit',
          }}
          onClick={(event) => {
            // The toast closes on click too: the undo's own answer is the next toast.
            event.stopPropagation();
            closeToast();
            undoOperation(undoId)
              .then(() => onUndone())
              .catch(() => {
                // The API's message (too late, not found) is already shown as a toast.
              });
          }}
        >
          {undoLabel}
        </button>
      </span>
    ),
    {
      autoClose: UNDO_WINDOW_MS,
      pauseOnHover: false,
      pauseOnFocusLoss: false,
      closeOnClick: false,
      toastId: `undo-${undoId}`,
    },
  );
}

/** showUndoToast with this area's Undo label; an undo refreshes the area's data (lists and results alike). */
export function useUndoToast(): (answer: Undoable) => void {
  const { t } = useTranslation('leadSearch');
  const client = useQueryClient();
  return (answer) =>
    showUndoToast(answer, {
      undoLabel: t('undo.action'),
      onUndone: () => client.invalidateQueries({ queryKey: ['leadSearch'] }),
    });
}
