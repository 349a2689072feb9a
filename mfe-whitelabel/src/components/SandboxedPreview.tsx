import { Box } from '@chakra-ui/react';
import { useDeferredValue } from 'react';

export interface SandboxedPreviewProps {
  /** Accessible name of the frame. */
  title: string;
  /** A whole HTML document (may hold the reseller's own script). */
  html: string;
  height?: string;
}

/**
 * Reseller HTML and scripts are rendered only here: an iframe with `srcdoc` and `sandbox="allow-scripts"`
 * (no allow-same-origin, no allow-modals). The document gets an opaque origin, so a script in it cannot
 * read the app's localStorage token, cookies or DOM, and cannot open dialogs. ADR 007.
 */
export function SandboxedPreview({ title, html, height = '26rem' }: SandboxedPreviewProps) {
  // A frame is a whole document to build: the page around it paints first (the frame follows in a
  // background render), and typing in a form is not held up by re-rendering the preview.
  const shown = useDeferredValue<string | null>(html, null);
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="white" height={height}>
      {shown === null ? null : (
        <iframe
          title={title}
          sandbox="allow-scripts"
          srcDoc={shown}
          referrerPolicy="no-referrer"
          style={{ width: '100%', height, border: 0, display: 'block' }}
          data-testid="sandboxed-preview"
        />
      )}
    </Box>
  );
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
