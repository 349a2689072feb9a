import { Box, Button, Field, Flex, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '../form/fields';
import { editorKeepsHtml } from './richTextKeeps';

// Its own chunk: the editor (Tiptap and ProseMirror) is fetched only when a rich-text field is shown.
const RichTextEditor = lazy(() => import(/* webpackChunkName: "rich-text-editor" */ './RichTextEditor'));

export interface RichTextFieldProps {
  label: string;
  /** The label of the HTML source (the same value as a textarea). */
  htmlLabel: string;
  value: string;
  onChange: (html: string) => void;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  helper?: string;
  /** The view the field opens in (the editor by default). */
  initialMode?: 'rich' | 'html';
  /**
   * Warn in the editor when the HTML holds markup the editor does not keep (a page's own styles, scripts,
   * embeds): nothing is lost until the person types there, and the HTML view keeps it whole.
   */
  warnWhenLossy?: boolean;
}

/**
 * A rich-text field: the editor by default, the HTML source a click away (both edit the same form value;
 * the server sanitises whatever comes, ADR 007 addendum).
 */
export function RichTextField({
  label,
  htmlLabel,
  value,
  onChange,
  registration,
  error,
  helper,
  initialMode = 'rich',
  warnWhenLossy = false,
}: RichTextFieldProps) {
  const { t } = useTranslation('common');
  const [mode, setMode] = useState<'rich' | 'html'>(initialMode);
  // Asked whenever the editor opens (at first, or from the HTML view): the editor's own output is always kept whole.
  const [lossy, setLossy] = useState(() => initialMode === 'rich' && warnWhenLossy && !editorKeepsHtml(value));
  const openEditor = () => {
    setLossy(warnWhenLossy && !editorKeepsHtml(value));
    setMode('rich');
  };
  const labelId = useId();
  const helperId = useId();
  return (
    <Box mb={4}>
      <Flex justify="space-between" align="center" mb={1} gap={2} wrap="wrap">
        <Text as="span" id={labelId} fontWeight="medium" fontSize="sm">
          {label}
        </Text>
        <Flex gap={1} role="group" aria-label={t('editor.mode')}>
          <Button
            type="button"
            size="xs"
            variant={mode === 'rich' ? 'solid' : 'outline'}
            aria-pressed={mode === 'rich'}
            onClick={openEditor}
          >
            {t('editor.rich')}
          </Button>
          <Button
            type="button"
            size="xs"
            variant={mode === 'html' ? 'solid' : 'outline'}
            aria-pressed={mode === 'html'}
            onClick={() => setMode('html')}
          >
            {t('editor.html')}
          </Button>
        </Flex>
      </Flex>
      {mode === 'rich' ? (
        <Field.Root invalid={Boolean(error)}>
          {lossy ? (
            <Text role="status" mb={2} px={3} py={2} borderRadius="md" bg="orange.50" color="orange.800" fontSize="sm">
              {t('editor.lossy')}
            </Text>
          ) : null}
          <Suspense
            fallback={
              <Flex
                minH="14rem"
                align="center"
                justify="center"
                borderWidth="1px"
                borderRadius="md"
                role="status"
                aria-live="polite"
              >
                <Spinner />
                <Box as="span" srOnly>
                  {t('editor.loading')}
                </Box>
              </Flex>
            }
          >
            <RichTextEditor
              value={value}
              onChange={onChange}
              labelId={labelId}
              describedBy={helper ? helperId : undefined}
            />
          </Suspense>
          {helper ? (
            <Field.HelperText id={helperId} color="text.muted">
              {helper}
            </Field.HelperText>
          ) : null}
          {error?.message ? <Field.ErrorText color="red.700">{error.message}</Field.ErrorText> : null}
        </Field.Root>
      ) : (
        <TextareaField label={htmlLabel} registration={registration} error={error} rows={12} mono helper={helper} />
      )}
    </Box>
  );
}
