import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';
import { trainingKeys } from './training-resources';

type TrainingFileType = ApiBody<'/api/business-details/training-files', 'post'>['mime_type'];

/** Types the API accepts; the browser's own type is used, else the one the extension implies. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
export const ACCEPTED_FILE_EXTENSIONS = Object.keys(TYPES_BY_EXTENSION).map((e) => `.${e}`);

export function fileMimeType(file: File): string {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? file.type;
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST training-files: the content travels as base64 JSON and is stored in the database. */
export async function uploadTrainingFile(
  file: File,
): Promise<ApiResponse<'/api/business-details/training-files', 'post'>> {
  const body = {
    name: file.name,
    mime_type: fileMimeType(file) as TrainingFileType,
    content_base64: await toBase64(file),
  };
  return api.post('/api/business-details/training-files', { body, config: { silent: true } });
}

export function useUploadTrainingFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTrainingFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.resource('training-files') }),
  });
}
