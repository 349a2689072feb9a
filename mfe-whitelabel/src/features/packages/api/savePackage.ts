import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { packageKeys, type Package } from './listPackages';

export type PackageInput = Omit<
  Package,
  'id' | 'slug' | 'created_at' | 'updated_at' | 'subscribers_on_old_terms' | 'unavailable_modules'
>;

/** Spec §5/§9. */
export const MIN_CREDIT_PRICE_CENTS_EXCLUSIVE = 12;
export const MAX_FORM_DAYS = 365;

const money = () => v.minNumber(0).max(1_000_000, v.message('maxNumber', { max: 1_000_000 }));
const optionalMoney = () =>
  yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(v.message('typeInvalid'))
    .min(0, v.message('minNumber', { min: 0 }))
    .optional();

export const packageSchema = yup.object({
  name: v.required().max(100, v.message('maxLength', { count: 100 })),
  description: yup
    .string()
    .default('')
    .max(2000, v.message('maxLength', { count: 2000 })),
  monthly_price: money().required(v.message('required')),
  yearly_price: optionalMoney(),
  one_time_price: optionalMoney(),
  trial_days: v
    .integer()
    .min(0, v.message('minNumber', { min: 0 }))
    .max(365, v.message('maxNumber', { max: 365 }))
    .required(v.message('required')),
  trial_amount: money().required(v.message('required')),
  monthly_credits: v
    .integer()
    .min(0, v.message('minNumber', { min: 0 }))
    .required(v.message('required')),
  // Entered in dollars per credit (as the other prices), sent as whole cents; the rule is said under the field.
  credit_price: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(v.message('typeInvalid'))
    .required(v.message('required'))
    .moreThan(
      MIN_CREDIT_PRICE_CENTS_EXCLUSIVE / 100,
      v.message('creditPriceMin', { min: MIN_CREDIT_PRICE_CENTS_EXCLUSIVE / 100 }),
    )
    .max(1_000, v.message('maxNumber', { max: 1_000 }))
    .test(
      'whole-cents',
      v.message('wholeCents'),
      (value) => value === undefined || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    ),
  collect_payment_method: yup.boolean().default(true),
  available_for_billing_portal: yup.boolean().default(false),
  show_on_sales_page: yup.boolean().default(true),
  create_via_form: yup.boolean().default(true),
  form_available_days: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(v.message('typeInvalid'))
    .integer(v.message('integer'))
    .min(1, v.message('minNumber', { min: 1 }))
    .max(MAX_FORM_DAYS, v.message('maxNumber', { max: MAX_FORM_DAYS }))
    .optional(),
  thank_you_url: yup.string().default('').trim().url(v.message('url')),
  search_limit: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(v.message('typeInvalid'))
    .integer(v.message('integer'))
    .min(0, v.message('minNumber', { min: 0 }))
    .max(10_000_000, v.message('maxNumber', { max: 10_000_000 }))
    .optional(),
  past_due_access: yup.string().oneOf(['pause', 'keep']).default('pause'),
  custom_fields: yup
    .array(
      yup.object({
        label: v.required().max(100, v.message('maxLength', { count: 100 })),
        optional: yup.boolean().default(false),
        type: yup.string().oneOf(['text', 'dropdown']).default('text'),
        // Comma-separated in the form; spec §5: dropdown options are alphanumeric.
        options: yup
          .string()
          .default('')
          .when('type', {
            is: 'dropdown',
            then: (s) =>
              s
                .required(v.message('required'))
                .matches(/^[A-Za-z0-9 ]+(,[A-Za-z0-9 ]+)*$/, v.message('noSpecialChars')),
          }),
      }),
    )
    .default([]),
  // The modules the package adds to its customers' base (ADR 050); the API refuses one the reseller does not hold.
  modules: yup.array(yup.string().required()).default([]),
});
export type PackageValues = yup.InferType<typeof packageSchema>;

/** The package as a save answers it (the form's read adds its subscribers left on a previous price). */
type SavedPackage = Omit<Package, 'subscribers_on_old_terms'>;

export async function savePackage({ id, input }: { id?: number; input: PackageInput }): Promise<SavedPackage> {
  const { data } = id
    ? await apiClient.put<{ data: SavedPackage }>(`/api/whitelabel/packages/${id}`, input)
    : await apiClient.post<{ data: SavedPackage }>('/api/whitelabel/packages', input);
  return data.data;
}

export function useSavePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePackage,
    onSuccess: (pkg) => {
      // The count of subscribers on a previous price is read again with the invalidation below (the change's Stripe moves are queued).
      client.setQueryData<Package>(packageKeys.detail(pkg.id), (old) => ({
        ...pkg,
        subscribers_on_old_terms: old?.subscribers_on_old_terms ?? 0,
      }));
      void client.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}
