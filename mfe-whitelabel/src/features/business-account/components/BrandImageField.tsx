import { Box, Field, Flex, Image, Input } from '@chakra-ui/react';
import { apiErrorMessage, apiFieldErrors, fileSizeError, i18n, IMAGE_MAX_MB, TextField } from '@leadsmith/shared';
import { useRef, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BRAND_IMAGE_ACCEPT,
  BRAND_IMAGE_FORMATS,
  useUploadBrandImage,
  type BrandImageKind,
} from '../api/uploadBrandImage';

export interface BrandImageFieldProps {
  kind: BrandImageKind;
  label: string;
  uploadLabel: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** The field's current value (a web address or an uploaded image's path): shown as a thumbnail. */
  value: string;
  /** Called with the uploaded image's path. */
  onUploaded: (path: string) => void;
}

/** A logo or favicon: a web address typed in, or an image uploaded (spec §5: accepted formats, at most 5 MB). */
export function BrandImageField({
  kind,
  label,
  uploadLabel,
  registration,
  error,
  value,
  onUploaded,
}: BrandImageFieldProps) {
  const { t } = useTranslation('whitelabel');
  const upload = useUploadBrandImage();
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const handleFile = (file: File | null) => {
    setUploadError(null);
    if (!file) return;
    const tooBig = fileSizeError(file, IMAGE_MAX_MB);
    if (tooBig) {
      setUploadError(tooBig);
      return;
    }
    if (file.type && !BRAND_IMAGE_ACCEPT.split(',').includes(file.type)) {
      setUploadError(i18n.t('common:validation.imageFormats', { formats: BRAND_IMAGE_FORMATS }));
      return;
    }
    upload.mutate(
      { kind, file },
      {
        onSuccess: (image) => onUploaded(image.url),
        onError: (e) =>
          setUploadError(Object.values(apiFieldErrors(e))[0] ?? apiErrorMessage(e, t('account.uploadFailed'))),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  const shown = value.trim();
  return (
    <Box>
      <Flex gap={3} align="flex-start">
        <Box flex="1">
          <TextField label={label} registration={registration} error={error} placeholder="https://" />
        </Box>
        {shown && (shown.startsWith('/api/brand-images/') || /^https?:\/\//.test(shown)) ? (
          <Image
            src={shown}
            alt={t('account.imagePreview', { field: label })}
            boxSize="2.5rem"
            objectFit="contain"
            mt={8}
            borderWidth="1px"
            rounded="sm"
          />
        ) : null}
      </Flex>
      <Field.Root invalid={Boolean(uploadError)} mb={4} mt={-2}>
        <Field.Label fontSize="sm">{uploadLabel}</Field.Label>
        <Input
          ref={input}
          type="file"
          p={1}
          size="sm"
          accept={BRAND_IMAGE_ACCEPT}
          disabled={upload.isPending}
          onChange={(e) => handleFile(e.target.files?.[0] ?? null)}
        />
        <Field.HelperText color="fg.muted">
          {t('account.uploadHelp', { formats: BRAND_IMAGE_FORMATS, n: IMAGE_MAX_MB })}
        </Field.HelperText>
        {uploadError ? <Field.ErrorText color="red.700">{uploadError}</Field.ErrorText> : null}
      </Field.Root>
    </Box>
  );
}
