import { Box, Button, chakra, Flex, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  ErrorState,
  LessonBody,
  PageHeader,
  PageSpinner,
  RichTextField,
  SelectField,
  TextField,
  useYupForm,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCoursePage } from '../api/getCoursePage';
import type { CoursePage } from '../api/listCoursePages';
import { coursePageSchema, useSaveCoursePage, type CoursePageValues } from '../api/saveCoursePage';

function PageForm({ courseId, page, onCreated }: { courseId: number; page?: CoursePage; onCreated: () => void }) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveCoursePage();
  const form = useYupForm(coursePageSchema, {
    defaultValues: {
      title: page?.title ?? '',
      video_url: page?.video_url ?? '',
      body_html: page?.body_html ?? '',
      position: page?.position ?? 0,
      status: page?.status ?? 'draft',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: CoursePageValues) => {
    try {
      await save.mutateAsync({
        courseId,
        pageId: page?.id,
        input: {
          title: v.title.trim(),
          video_url: v.video_url.trim() || null,
          body_html: v.body_html,
          position: v.position,
          status: v.status,
        },
      });
      // Editing: the saved page replaces the cached one, so the form (keyed by updated_at) and the preview
      // show what the server kept, i.e. the sanitised body.
      if (!page) onCreated();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form
      onSubmit={(e) => void submit(e)}
      noValidate
      maxW="48rem"
      mb={8}
      aria-label={t(page ? 'routes.pageEdit' : 'routes.pageCreate')}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField label={t('training.pageTitle')} registration={register('title')} error={errors.title} />
        <TextField
          label={t('training.videoUrl')}
          registration={register('video_url')}
          error={errors.video_url}
          placeholder="https://"
        />
        <TextField
          label={t('training.position')}
          registration={register('position')}
          error={errors.position}
          type="number"
        />
        <SelectField
          label={t('training.status')}
          registration={register('status')}
          error={errors.status}
          options={[
            { value: 'draft', label: t('training.statuses.draft') },
            { value: 'shown', label: t('training.statuses.shown') },
          ]}
        />
      </SimpleGrid>
      <RichTextField
        label={t('training.bodyRich')}
        htmlLabel={t('training.body')}
        value={form.watch('body_html')}
        onChange={(html) => form.setValue('body_html', html, { shouldDirty: true })}
        registration={register('body_html')}
        error={errors.body_html}
        helper={t('training.bodyHelp')}
      />
      <Flex gap={3}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
      </Flex>
    </chakra.form>
  );
}

/** A lesson as the reseller's customers see it, from the saved (sanitised) page. */
function LessonPreview({ page }: { page: CoursePage }) {
  const { t } = useTranslation('whitelabel');
  return (
    <Box
      as="section"
      aria-labelledby="lesson-preview"
      borderWidth="1px"
      borderRadius="md"
      p={4}
      bg="white"
      maxW="48rem"
      data-testid="lesson-preview"
    >
      <Heading as="h2" size="md" mb={3} id="lesson-preview">
        {t('training.preview')}
      </Heading>
      <Heading as="h3" size="md" mb={2}>
        {page.title}
      </Heading>
      {page.video_url ? (
        <Text mb={3}>
          <Link
            href={page.video_url}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            textDecoration="underline"
          >
            {t('training.watchVideo')}
            <Box as="span" srOnly>
              {' '}
              {t('training.opensInNewTab')}
            </Box>
          </Link>
        </Text>
      ) : null}
      <LessonBody html={page.body_html} />
    </Box>
  );
}

/** training-content/{id}/create and training-content/{id}/{pageId}/edit. */
export function CoursePageFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const params = useParams();
  const courseId = Number(params.id) || 0;
  const pageId = mode === 'edit' ? Number(params.pageId) || 0 : 0;
  const page = useCoursePage(courseId, pageId);
  const back = () => navigate(`/training-content/${courseId}`);
  return (
    <Box>
      <PageHeader title={t(mode === 'create' ? 'routes.pageCreate' : 'routes.pageEdit')} onBack={back} />
      {mode === 'edit' && page.isPending ? (
        <PageSpinner />
      ) : mode === 'edit' && page.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void page.refetch()} error={page.error} />
      ) : (
        <>
          <PageForm
            key={page.data?.updated_at ?? 'new'}
            courseId={courseId}
            page={mode === 'edit' ? page.data : undefined}
            onCreated={back}
          />
          {mode === 'edit' && page.data ? <LessonPreview page={page.data} /> : null}
        </>
      )}
    </Box>
  );
}
