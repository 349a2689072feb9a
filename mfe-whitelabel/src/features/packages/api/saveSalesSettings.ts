import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, HEX_COLOR, v, yup } from '@leadsmith/shared';
import type { SalesSettings, SalesSettingsAnswer } from './getSalesSettings';
import { packageKeys } from './listPackages';

export type SalesSettingsInput = Omit<SalesSettings, 'updated_at'>;

const color = () => v.required().matches(HEX_COLOR, v.message('typeInvalid'));
const optionalUrl = () => yup.string().default('').trim().url(v.message('url'));

export const salesSettingsSchema = yup.object({
  business_name: v.required().max(100, v.message('maxLength', { count: 100 })),
  primary_color: color(),
  secondary_color: color(),
  background_color: color(),
  text_color: color(),
  sales_page_url: optionalUrl(),
  terms_url: optionalUrl(),
  subdomain_url: optionalUrl(),
  body_html: yup
    .string()
    .default('')
    .max(50_000, v.message('maxLength', { count: 50_000 })),
});
export type SalesSettingsValues = yup.InferType<typeof salesSettingsSchema>;

export async function saveSalesSettings({
  id,
  input,
}: {
  id: number;
  input: SalesSettingsInput;
}): Promise<SalesSettingsAnswer> {
  const { data } = await apiClient.put<{ data: SalesSettings; public_path: string }>(
    `/api/whitelabel/packages/${id}/sales-settings`,
    input,
  );
  return { data: data.data, public_path: data.public_path, business_account_completed: true };
}

export function useSaveSalesSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSalesSettings,
    onSuccess: (answer, { id }) => {
      client.setQueryData(packageKeys.sales(id), answer);
      void client.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}
