import { Badge, Box, Button, Card, chakra, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, FilterSelect, PageHeader, PageSpinner, Pagination } from '@leadsmith/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIBRARY_PAGE_SIZE, useLibrary, type LibraryPrompt } from '../api/getLibrary';
import { useUseFromLibrary } from '../api/useFromLibrary';
import { AI_LIST_TYPES } from '../api/types';

/** lead-search/ai-assistant/library: browse the shared prompts, preview one, copy it into your prompts. */
export function LibraryScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const library = useLibrary(type, search, page);
  useEffect(() => setText(search), [search]);

  const set = (patch: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, val] of Object.entries(patch)) {
      if (val) p.set(k, val);
      else p.delete(k);
    }
    setParams(p);
  };

  return (
    <Box>
      <PageHeader title={t('routes.promptLibrary')} onBack={() => navigate('/ai-assistant')} />
      <Flex gap={4} align="flex-end" wrap="wrap" mb={6}>
        <FilterSelect
          label={t('assistant.listType')}
          value={type}
          allLabel={t('assistant.library.allTypes')}
          onChange={(value) => set({ type: value, page: '' })}
          options={AI_LIST_TYPES.map((x) => ({ value: x, label: t(`types.${x}.name`) }))}
        />
        <chakra.form
          role="search"
          display="flex"
          gap={2}
          alignItems="flex-end"
          onSubmit={(e) => {
            e.preventDefault();
            set({ search: text.trim(), page: '' });
          }}
        >
          <Box>
            <chakra.label htmlFor="library-search" fontSize="sm" fontWeight="medium" display="block">
              {t('assistant.library.search')}
            </chakra.label>
            <Input
              id="library-search"
              size="sm"
              w="64"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={100}
            />
          </Box>
          <Button type="submit" size="sm" variant="outline">
            {t('toolbar.apply')}
          </Button>
        </chakra.form>
      </Flex>
      {library.isPending ? (
        <PageSpinner />
      ) : library.isError ? (
        <ErrorState
          title={apiErrorMessage(library.error, t('assistant.loadFailed'))}
          onRetry={() => void library.refetch()}
        />
      ) : library.data.data.length === 0 ? (
        <Text py={6}>{t('assistant.library.empty')}</Text>
      ) : (
        <>
          <Stack as="ul" listStyleType="none" m={0} p={0} gap={3} aria-label={t('routes.promptLibrary')}>
            {library.data.data.map((item) => (
              <LibraryItem key={`${item.source}-${item.id}`} item={item} />
            ))}
          </Stack>
          <Pagination
            page={page}
            pageSize={LIBRARY_PAGE_SIZE}
            total={library.data.total}
            onChange={(p) => set({ page: String(p) })}
            label={t('routes.promptLibrary')}
          />
        </>
      )}
    </Box>
  );
}

function LibraryItem({ item }: { item: LibraryPrompt }) {
  const { t } = useTranslation('leadSearch');
  const [preview, setPreview] = useState(false);
  const use = useUseFromLibrary();
  const [copiedId, setCopiedId] = useState<number | null>(null);
  const previewId = `library-preview-${item.source}-${item.id}`;
  return (
    <Card.Root as="li" size="sm" data-testid="library-item">
      <Card.Body>
        <Flex justify="space-between" gap={3} wrap="wrap" align="flex-start">
          <Box>
            <HStack wrap="wrap">
              <Text as="h2" fontWeight="bold">
                {item.title}
              </Text>
              <Badge>{t(`types.${item.list_type}.name`)}</Badge>
              {item.used || copiedId ? (
                <Badge colorPalette="green">{t('assistant.library.inYourPrompts')}</Badge>
              ) : null}
            </HStack>
            <Text fontSize="sm">{item.description}</Text>
          </Box>
          <HStack>
            <Button
              size="sm"
              variant="outline"
              aria-expanded={preview}
              aria-controls={previewId}
              onClick={() => setPreview((p) => !p)}
              aria-label={t('assistant.library.previewOf', { title: item.title })}
            >
              {t('assistant.library.preview')}
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              loading={use.isPending}
              aria-label={t('assistant.library.useOf', { title: item.title })}
              onClick={() =>
                use.mutate({ id: item.id, source: item.source }, { onSuccess: (copy) => setCopiedId(copy.id) })
              }
            >
              {t('assistant.library.use')}
            </Button>
          </HStack>
        </Flex>
        {preview ? (
          <Text
            id={previewId}
            mt={3}
            p={3}
            bg="bg.subtle"
            borderRadius="md"
            whiteSpace="pre-wrap"
            fontFamily="mono"
            fontSize="sm"
            data-testid="library-preview"
          >
            {item.prompt}
          </Text>
        ) : null}
        {copiedId ? (
          <Text mt={2} fontSize="sm">
            <Link to={`/ai-assistant?type=${item.list_type}&prompt=${copiedId}`}>
              <Text as="span" textDecoration="underline">
                {t('assistant.library.openCopy')}
              </Text>
            </Link>
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
