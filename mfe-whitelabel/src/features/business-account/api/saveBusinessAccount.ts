import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, HEX_COLOR, yup, v } from '@leadsmith/shared';
import { businessAccountKeys, type BusinessAccount, type BusinessAccountAnswer } from './getBusinessAccount';

export type BusinessAccountInput = Omit<BusinessAccount, 'updated_at'>;

export { BRAND_COLOR_FIELDS as COLOR_FIELDS } from '@leadsmith/shared';

const color = () =>
  yup
    .string()
    .default('')
    .matches(HEX_COLOR, { message: v.message('typeInvalid'), excludeEmptyString: true });
const optionalUrl = () => yup.string().default('').trim().url(v.message('url'));
/** A web address, or the path of an uploaded image (POST /api/whitelabel/brand-images answers it). */
const UPLOADED_IMAGE = /^\/api\/brand-images\/[0-9a-f-]{36}$/;
const imageUrl = () =>
  yup
    .string()
    .default('')
    .trim()
    .test(
      'image-url',
      v.message('url'),
      (value) => !value || UPLOADED_IMAGE.test(value) || yup.string().url().isValidSync(value),
    );

export const businessAccountSchema = yup.object({
  name: v.required().max(100, v.message('maxLength', { count: 100 })),
  domain: v
    .required()
    .max(300, v.message('maxLength', { count: 300 }))
    .matches(/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d+)?\/?$/, v.message('domainOrUrl')),
  content: yup
    .string()
    .default('')
    .max(2000, v.message('maxLength', { count: 2000 })),
  logo: imageUrl(),
  favicon: imageUrl(),
  support_url: optionalUrl(),
  support_email: yup.string().default('').trim().email(v.message('email')),
  script: yup
    .string()
    .default('')
    .max(20_000, v.message('maxLength', { count: 20_000 })),
  login_page_bg_color: color(),
  sidebar_background_color: color(),
  button_color: color(),
  secondary_color: color(),
  text_color: color(),
  heading_color: color(),
  show_training_center: yup.boolean().default(false),
  crms: yup.array(yup.string().required()).default([]),
});
export type BusinessAccountValues = yup.InferType<typeof businessAccountSchema>;

export async function saveBusinessAccount(input: BusinessAccountInput): Promise<BusinessAccountAnswer> {
  const { data } = await apiClient.put<BusinessAccountAnswer>('/api/whitelabel/business-account', input);
  return data;
}

export function useSaveBusinessAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessAccount,
    onSuccess: (answer) => {
      client.setQueryData(businessAccountKeys.all, answer);
      // The shell's branding for this host may have changed.
      void client.invalidateQueries({ queryKey: ['shell', 'site-settings'] });
    },
  });
}
