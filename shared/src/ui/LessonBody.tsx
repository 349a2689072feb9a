import { Box } from '@chakra-ui/react';

export interface LessonBodyProps {
  /** The body as the server sanitised it (allowlisted tags, checked links only; ADR 007). */
  html: string;
}

/**
 * A training lesson's body, as the reseller's customers see it (Settings → Courses) and as the
 * reseller previews it (White-label → Training content). Only ever given HTML the API has passed
 * through its allowlist sanitiser (no script, no event handler, no foreign element, http(s)/mailto
 * links only); the shell's Content-Security-Policy refuses inline script as a second line.
 */
export function LessonBody({ html }: LessonBodyProps) {
  return (
    <Box
      data-testid="lesson-body"
      css={{
        '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: 4, mb: 2 },
        '& h3, & h4': { fontSize: 'lg', fontWeight: 'semibold', mt: 3, mb: 2 },
        '& p, & ul, & ol, & pre, & blockquote': { mb: 3 },
        '& ul, & ol': { pl: 6 },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& blockquote': { borderLeftWidth: '4px', pl: 3 },
        '& pre, & code': { fontFamily: 'mono' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
