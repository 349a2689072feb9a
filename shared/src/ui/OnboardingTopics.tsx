import { Box, Button, CloseButton, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, useCurrentUser } from '@leadsmith/shared/core';
import type { ApiResponse } from '../api/contract';

export type OnboardingTopic = ApiResponse<'/api/topics', 'get'>['data'][number];

/** GET /api/topics (spec §7): the onboarding topics the super admin marked shown, in order. */
export const getTopics = async (): Promise<OnboardingTopic[]> =>
  (await apiClient.get<{ data: OnboardingTopic[] }>('/api/topics', { silent: true })).data.data;

/** One query for every area that shows topics (they are the platform's, not an area's). */
export const topicsQueryKey = ['shared', 'topics'] as const;

const dismissKey = (userId: number) => `onboardingTopicsDismissed:${userId}`;

export interface OnboardingTopicsProps {
  /** `panel`: where a new user starts, dismissible (remembered per user on this device); `section`: beside the courses, always there. */
  variant?: 'panel' | 'section';
}

/** Onboarding topics for users: shown topics only (drafts never reach the browser); nothing when there are none. */
export function OnboardingTopics({ variant = 'section' }: OnboardingTopicsProps) {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  const topics = useQuery({ queryKey: topicsQueryKey, queryFn: getTopics, staleTime: 5 * 60_000 });
  const [dismissed, setDismissed] = useState(
    () => variant === 'panel' && user !== undefined && localStorage.getItem(dismissKey(user.id)) === '1',
  );
  if (dismissed || !topics.data?.length) return null;
  const handleDismiss = () => {
    if (user) localStorage.setItem(dismissKey(user.id), '1');
    setDismissed(true);
  };
  return (
    <Box
      as="section"
      aria-labelledby={`onboarding-topics-${variant}`}
      borderWidth="1px"
      rounded="md"
      p={4}
      mb={6}
      bg={variant === 'panel' ? 'bg.subtle' : undefined}
    >
      <HStack justify="space-between" align="flex-start" mb={2}>
        <Heading as="h2" size="md" id={`onboarding-topics-${variant}`}>
          {t('onboardingTopics.title')}
        </Heading>
        {variant === 'panel' ? (
          <CloseButton size="sm" aria-label={t('onboardingTopics.dismiss')} onClick={handleDismiss} />
        ) : null}
      </HStack>
      <Stack as="ol" gap={2} ps={5} aria-label={t('onboardingTopics.title')}>
        {topics.data.map((topic) => (
          <li key={topic.id}>
            <Text as="span" fontWeight="semibold">
              {topic.title}
            </Text>
            {topic.description ? <Text color="text.primary">{topic.description}</Text> : null}
          </li>
        ))}
      </Stack>
      {variant === 'panel' ? (
        <Button size="xs" variant="ghost" mt={2} onClick={handleDismiss}>
          {t('onboardingTopics.hide')}
        </Button>
      ) : null}
    </Box>
  );
}
