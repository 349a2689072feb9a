import { Box, Button, chakra, Flex, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, PageHeader, TextField, useYupForm, ConfirmDialog, type Column, CheckboxField, useListParams } from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LINK_PAGE_SIZE, useCustomLinks, type CustomLink } from '../api/listCustomLinks';
import { customLinkSchema, useDeleteCustomLink, useSaveCustomLink, type CustomLinkValues } from '../api/saveCustomLink';

function CustomLinkForm({ link, onDone }: { link: CustomLink | null; onDone: () => void }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveCustomLink();
  const form = useYupForm(customLinkSchema, { defaultValues: { title: link?.title ?? '', url: link?.url ?? '', show_in_menu: link?.show_in_menu ?? true, position: link?.position ?? 0 } });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: CustomLinkValues) => {
    try {
      await save.mutateAsync({ id: link?.id, input: { title: v.title.trim(), url: v.url.trim(), show_in_menu: v.show_in_menu, position: v.position } });
      form.reset({ title: '', url: '', show_in_menu: true, position: 0 });
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem" mb={8} aria-label={t(link ? 'links.editTitle' : 'links.addTitle')}>
      <Heading as="h2" size="md" mb={3}>
        {t(link ? 'links.editTitle' : 'links.addTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} columnGap={6}>
        <TextField label={t('links.title')} registration={register('title')} error={errors.title} />
        <TextField label={t('links.url')} registration={register('url')} error={errors.url} placeholder="https://" />
        <TextField label={t('links.position')} registration={register('position')} error={errors.position} type="number" />
      </SimpleGrid>
      <Controller control={control} name="show_in_menu" render={({ field }) => <CheckboxField label={t('links.showInMenu')} checked={field.value} onChange={field.onChange} />} />
      <Flex gap={3}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
        {link ? (
          <Button variant="outline" onClick={onDone}>
            {tc('actions.cancel')}
          </Button>
        ) : null}
      </Flex>
    </chakra.form>
  );
}

/** whitelabel/custom-links: links added to the side menu of the reseller's customers. */
export function CustomLinksPage() {
  const { t } = useTranslation('whitelabel');
  const { page, setPage } = useListParams([] as const);
  const list = useCustomLinks(page);
  const remove = useDeleteCustomLink();
  const [editing, setEditing] = useState<CustomLink | null>(null);
  const [pending, setPending] = useState<CustomLink | null>(null);
  const columns: Column<CustomLink>[] = [
    { key: 'title', header: t('links.title'), render: (l) => l.title },
    {
      key: 'url',
      header: t('links.url'),
      render: (l) => (
        <Link href={l.url} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
          {l.url}
        </Link>
      ),
    },
    { key: 'menu', header: t('links.showInMenu'), render: (l) => t(l.show_in_menu ? 'links.yes' : 'links.no') },
    { key: 'position', header: t('links.position'), end: true, render: (l) => l.position },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (l) => (
        <Flex gap={2} justify="end">
          <Button size="xs" variant="outline" aria-label={t('links.editNamed', { name: l.title })} onClick={() => setEditing(l)}>
            {t('kit.edit')}
          </Button>
          <Button size="xs" variant="outline" color="red.700" aria-label={t('links.deleteNamed', { name: l.title })} onClick={() => setPending(l)}>
            {t('kit.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader title={t('routes.customLinks')} />
      <Text mb={4}>{t('links.intro')}</Text>
      <CustomLinkForm key={editing?.id ?? 'new'} link={editing} onDone={() => setEditing(null)} />
      <PagedTable query={list} label={t('routes.customLinks')} rowKey={(l) => l.id} columns={columns} page={page} pageSize={LINK_PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={t('links.deleteTitle')}
        body={t('links.deleteBody', { name: pending?.title ?? '' })}
        confirmLabel={t('kit.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </Box>
  );
}
