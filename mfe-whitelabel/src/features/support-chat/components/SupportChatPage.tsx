import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, ErrorState, PageHeader, PageSpinner, TextField, useYupForm } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import {
  supportChatSchema,
  useRemoveSupportChat,
  useSaveSupportChat,
  useSupportChat,
  type SupportChat,
} from '../api/supportChat';

function SupportChatForm({ chat }: { chat: SupportChat | null }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveSupportChat();
  const remove = useRemoveSupportChat();
  const form = useYupForm(supportChatSchema(chat?.has_secret ?? false), {
    defaultValues: { app_id: chat?.app_id ?? '', secret: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (values) => {
    try {
      const secret = values.secret?.trim() ?? '';
      await save.mutateAsync({ app_id: values.app_id.trim(), ...(secret ? { secret } : {}) });
      form.setValue('secret', '');
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="36rem" aria-label={t('routes.supportChat')}>
      <TextField
        label={t('supportChat.appId')}
        registration={register('app_id')}
        error={errors.app_id}
        helperText={t('supportChat.appIdHelp')}
        autoComplete="off"
      />
      <TextField
        label={chat?.has_secret ? t('supportChat.secretKeep') : t('supportChat.secret')}
        registration={register('secret')}
        error={errors.secret}
        helperText={t('supportChat.secretHelp')}
        type="password"
        autoComplete="new-password"
      />
      <Flex gap={3} wrap="wrap">
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
        {chat ? (
          <Button
            type="button"
            variant="outline"
            colorPalette="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => form.reset({ app_id: '', secret: '' }) })}
          >
            {t('supportChat.remove')}
          </Button>
        ) : null}
      </Flex>
    </chakra.form>
  );
}

/** whitelabel/support-chat: the Intercom Messenger the reseller's customers chat in (spec §7, ADR 041). */
export function SupportChatPage() {
  const { t } = useTranslation('whitelabel');
  const chat = useSupportChat();
  return (
    <Box>
      <PageHeader title={t('routes.supportChat')} />
      {chat.isPending ? (
        <PageSpinner />
      ) : chat.isError ? (
        <ErrorState title={t('kit.loadFailed')} error={chat.error} onRetry={() => void chat.refetch()} />
      ) : (
        <>
          <Text mb={2}>{t('supportChat.intro')}</Text>
          <Text mb={4} fontWeight="medium" data-testid="support-chat-status">
            {chat.data ? t('supportChat.active') : t('supportChat.none')}
          </Text>
          <SupportChatForm key={chat.data ? 'saved' : 'new'} chat={chat.data} />
        </>
      )}
    </Box>
  );
}
