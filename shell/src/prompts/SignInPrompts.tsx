import { Button, Checkbox, Dialog, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  apiClient,
  apiErrorMessage,
  paths,
  queryClient,
  sessionKeys,
  toast,
  useBranding,
  useSessionStore,
  type User,
} from '@leadsmith/shared';
import { markCreditPopupSeen } from './promptState';

interface Credits {
  monthly: number;
  additional: number;
  rolled_over: number;
  total: number;
}

function useRefreshUser() {
  const token = useSessionStore((s) => s.token);
  return (patch: Partial<User>) =>
    queryClient.setQueryData<User>(sessionKeys.me(token), (user) => (user ? { ...user, ...patch } : user));
}

/** Spec §7 POST /api/accept-terms: asked at the first sign-in and again when the terms version changes; nothing else until accepted. */
function TermsDialog({ user }: { user: User }) {
  const { t } = useTranslation('common');
  const branding = useBranding();
  const refresh = useRefreshUser();
  const accept = useMutation({
    mutationFn: async () =>
      (
        await apiClient.post<{ terms_accepted_version: string }>(
          '/api/accept-terms',
          { version: user.terms_version },
          { silent: true },
        )
      ).data,
    onSuccess: (data) => refresh({ terms_accepted_version: data.terms_accepted_version }),
    onError: (error) => toast.error(apiErrorMessage(error, t('errors.unexpected'))),
  });
  return (
    <Dialog.Root open role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="terms-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('prompts.termsTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <Text>
                  {user.terms_accepted_version
                    ? t('prompts.termsChanged', { version: user.terms_version, brand: branding.name })
                    : t('prompts.termsFirst', { version: user.terms_version, brand: branding.name })}
                </Text>
                {user.terms_url ? (
                  <ChakraLink
                    href={user.terms_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    color="brand.fg"
                    data-testid="terms-link"
                  >
                    {t('prompts.termsLink', { version: user.terms_version })}
                  </ChakraLink>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                colorPalette="brand"
                loading={accept.isPending}
                onClick={() => accept.mutate()}
                data-testid="accept-terms"
              >
                {t('prompts.acceptTerms')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The credit pop-up after sign-in: the wallet's three balances, with "don't show again" (POST /api/disable-credit-popup). */
function CreditPopup({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('common');
  const token = useSessionStore((s) => s.token);
  const refresh = useRefreshUser();
  const [never, setNever] = useState(false);
  const credits = useQuery({
    queryKey: ['shell', 'credit-popup', token],
    queryFn: async () => (await apiClient.get<{ credits: Credits }>('/api/user-limits', { silent: true })).data.credits,
  }).data;
  const disable = useMutation({
    mutationFn: async () => (await apiClient.post('/api/disable-credit-popup', {}, { silent: true })).data,
    onSuccess: () => refresh({ credit_popup_disabled: true }),
  });
  const close = () => {
    if (never) disable.mutate();
    onClose();
  };
  const hasWallet = user.permissions.includes('wallet');
  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : close())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="credit-popup">
            <Dialog.Header>
              <Dialog.Title>{t('prompts.creditsTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <Text>
                  {credits
                    ? t('prompts.creditsBody', {
                        count: credits.total,
                        monthly: credits.monthly,
                        additional: credits.additional,
                        rolled: credits.rolled_over,
                      })
                    : t('prompts.creditsLoading')}
                </Text>
                <Text fontSize="sm">{t('prompts.creditsOrder')}</Text>
                {hasWallet ? (
                  <ChakraLink asChild color="brand.fg">
                    <Link to={paths.settings.wallet()} onClick={close}>
                      {t('prompts.buyCredits')}
                    </Link>
                  </ChakraLink>
                ) : null}
                <Checkbox.Root checked={never} onCheckedChange={(e) => setNever(e.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('prompts.dontShowAgain')}</Checkbox.Label>
                </Checkbox.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={close} data-testid="close-credit-popup">
                {t('actions.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What a signed-in user is asked before working: the terms first, then the credit pop-up (once per visit). */
export function SignInPrompts({ user, terms, credits }: { user: User; terms: boolean; credits: boolean }) {
  const [creditsOpen, setCreditsOpen] = useState(credits);
  if (terms) return <TermsDialog user={user} />;
  if (creditsOpen)
    return (
      <CreditPopup
        user={user}
        onClose={() => {
          markCreditPopupSeen();
          setCreditsOpen(false);
        }}
      />
    );
  return null;
}
