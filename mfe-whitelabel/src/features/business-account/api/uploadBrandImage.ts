import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody, type ApiResponse } from '@leadsmith/shared';

export type BrandImageKind = ApiBody<'/api/whitelabel/brand-images', 'post'>['kind'];
export type UploadedBrandImage = ApiResponse<'/api/whitelabel/brand-images', 'post'>['data'];

/** What the API accepts (it reads the format from the bytes; this only narrows the file picker). */
export const BRAND_IMAGE_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/vnd.microsoft.icon,.ico';
export const BRAND_IMAGE_FORMATS = 'PNG, JPEG, GIF, WebP, ICO';

/** The file's bytes as base64 (a data: URL without its prefix). */
function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsDataURL(file);
  });
}

/** POST /api/whitelabel/brand-images: the image as base64; answers the path to put in the logo or favicon field. */
export async function uploadBrandImage({
  kind,
  file,
}: {
  kind: BrandImageKind;
  file: File;
}): Promise<UploadedBrandImage> {
  const body = { kind, content_base64: await toBase64(file) };
  return (await api.post('/api/whitelabel/brand-images', { body, config: { silent: true } })).data;
}

export const useUploadBrandImage = () => useMutation({ mutationFn: uploadBrandImage });
