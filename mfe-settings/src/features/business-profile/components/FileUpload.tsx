import { Box, Button, Field, Heading, Input } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldErrors, fileSizeError } from '@leadsmith/shared';
import { ACCEPTED_FILE_EXTENSIONS, useUploadTrainingFile } from '../api/upload-training-file';

export interface FileUploadProps {
  /** Per-use limit from the API (`max_file_mb` of the files list). */
  maxMb: number;
}

/** Uploads a training file, refusing one over the limit with spec §5's message before sending it. */
export function FileUpload({ maxMb }: FileUploadProps) {
  const { t } = useTranslation('settings');
  const upload = useUploadTrainingFile();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleChange = (next: File | null) => {
    setFile(next);
    setError(fileSizeError(next, maxMb));
  };
  const handleUpload = () => {
    if (!file) {
      setError(t('files.choose'));
      return;
    }
    const tooBig = fileSizeError(file, maxMb);
    if (tooBig) {
      setError(tooBig);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (e) => setError(Object.values(apiFieldErrors(e))[0] ?? apiErrorMessage(e, t('files.failed'))),
    });
  };

  return (
    <Box borderWidth="1px" rounded="md" p={4} mb={6}>
      <Heading as="h3" size="md" mb={3}>
        {t('files.uploadTitle')}
      </Heading>
      <Field.Root invalid={Boolean(error)} mb={3}>
        <Field.Label>{t('files.label')}</Field.Label>
        <Input
          ref={input}
          type="file"
          p={1}
          accept={ACCEPTED_FILE_EXTENSIONS.join(',')}
          onChange={(e) => handleChange(e.target.files?.[0] ?? null)}
        />
        <Field.HelperText color="text.primary">
          {t('files.help', { n: maxMb, types: ACCEPTED_FILE_EXTENSIONS.join(', ') })}
        </Field.HelperText>
        {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : null}
      </Field.Root>
      <Button colorPalette="brand" size="sm" onClick={handleUpload} loading={upload.isPending}>
        {t('files.upload')}
      </Button>
    </Box>
  );
}
