import { Button, Link as ChakraLink, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  TextField,
  apiClient,
  apiErrorMessage,
  applyApiFieldErrors,
  toast,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { AuthCard } from './AuthCard';
import { confirmEmailPath } from './ConfirmEmailPage';
import { referralCode } from './referralCode';

const registerSchema = yup.object({
  first_name: v.required(),
  last_name: v.required(),
  email: v.email(),
  password: v.password(),
  password_confirmation: v.passwordConfirmation(),
});
type RegisterValues = yup.InferType<typeof registerSchema>;

/** /register: a new account; the API emails a code, confirmed on /confirm-email (spec §7 /auth/register). */
export function RegisterPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Referral attribution: the partner whose link (?ref=) brought the visitor, sent with the sign-up.
  const ref = referralCode(params);
  const form = useYupForm(registerSchema, {
    defaultValues: { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' },
  });
  const register = useMutation({
    mutationFn: async (values: RegisterValues) =>
      (
        await apiClient.post<{ email: string; message: string }>('/auth/register', {
          ...values,
          ...(ref ? { ref } : {}),
        })
      ).data,
    onSuccess: (data) => {
      toast.success(data.message);
      navigate(confirmEmailPath(data.email, true));
    },
    onError: (error) => {
      if (!applyApiFieldErrors(form, error)) toast.error(apiErrorMessage(error, t('errors.unexpected')));
    },
  });
  const { errors } = form.formState;
  return (
    <AuthCard title={t('auth.registerTitle')}>
      <form
        onSubmit={form.handleSubmit((values) => register.mutate(values))}
        noValidate
        aria-label={t('auth.registerTitle')}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap={4}>
          <TextField
            label={t('auth.firstName')}
            autoComplete="given-name"
            registration={form.register('first_name')}
            error={errors.first_name}
          />
          <TextField
            label={t('auth.lastName')}
            autoComplete="family-name"
            registration={form.register('last_name')}
            error={errors.last_name}
          />
        </SimpleGrid>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          registration={form.register('email')}
          error={errors.email}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          registration={form.register('password')}
          error={errors.password}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          registration={form.register('password_confirmation')}
          error={errors.password_confirmation}
        />
        <Stack gap={4}>
          <Button
            type="submit"
            colorPalette="brand"
            loading={register.isPending}
            loadingText={t('auth.creatingAccount')}
            w="full"
          >
            {t('auth.createAccount')}
          </Button>
          <ChakraLink asChild color="brand.fg" alignSelf="center">
            <Link to="/login">{t('auth.haveAccount')}</Link>
          </ChakraLink>
        </Stack>
      </form>
    </AuthCard>
  );
}
