import { Box, Button, chakra, Flex, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import {
  applyApiFieldErrors,
  CheckboxField,
  ConfirmDialog,
  PageHeader,
  TextareaField,
  TextField,
  useListParams,
  useYupForm,
  type Column,
} from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { COURSE_PAGE_SIZE, useCourses, type Course } from '../api/listCourses';
import { courseSchema, useDeleteCourse, useSaveCourse, type CourseValues } from '../api/saveCourse';

export interface CourseFormProps {
  course: Course | null;
  /** Called after a save (with the saved course) or on cancel. */
  onDone: (saved?: Course) => void;
}

/** Title, description, order and visibility of a course: adds one, or edits `course`. */
export function CourseForm({ course, onDone }: CourseFormProps) {
  const { t } = useTranslation('whitelabel');
  const { t: tc } = useTranslation('common');
  const save = useSaveCourse();
  const empty = { title: '', description: '', position: 0, shown: true };
  const form = useYupForm(courseSchema, {
    defaultValues: course
      ? { title: course.title, description: course.description ?? '', position: course.position, shown: course.shown }
      : empty,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (v: CourseValues) => {
    try {
      const saved = await save.mutateAsync({
        id: course?.id,
        input: {
          title: v.title.trim(),
          description: v.description.trim() || null,
          position: v.position,
          shown: v.shown,
        },
      });
      if (!course) form.reset(empty);
      onDone(saved);
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  const title = t(course ? 'training.editCourse' : 'training.addCourse');
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem" mb={8} aria-label={title}>
      <Heading as="h2" size="md" mb={3}>
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        <TextField label={t('training.courseTitle')} registration={register('title')} error={errors.title} />
        <TextField
          label={t('training.position')}
          registration={register('position')}
          error={errors.position}
          type="number"
        />
      </SimpleGrid>
      <TextareaField
        label={t('training.description')}
        registration={register('description')}
        error={errors.description}
        rows={3}
      />
      <Controller
        control={control}
        name="shown"
        render={({ field }) => (
          <CheckboxField label={t('training.shownToCustomers')} checked={field.value} onChange={field.onChange} />
        )}
      />
      <Flex gap={3}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
        {course ? (
          <Button variant="outline" onClick={() => onDone()}>
            {tc('actions.cancel')}
          </Button>
        ) : null}
      </Flex>
    </chakra.form>
  );
}

/** whitelabel/training-content: the reseller's courses, shown to its customers on their Courses screen. */
export function TrainingContentPage() {
  const { t } = useTranslation('whitelabel');
  const { page, setPage } = useListParams([] as const);
  const list = useCourses(page);
  const remove = useDeleteCourse();
  const [pending, setPending] = useState<Course | null>(null);
  const columns: Column<Course>[] = [
    {
      key: 'title',
      header: t('training.courseTitle'),
      render: (c) => (
        <Link asChild color="brand.fg" textDecoration="underline" fontWeight="semibold">
          <RouterLink to={`/training-content/${c.id}`}>{c.title}</RouterLink>
        </Link>
      ),
    },
    {
      key: 'pages',
      header: t('training.pages'),
      end: true,
      render: (c) => t('training.pagesCount', { shown: c.shown_pages, total: c.pages_count }),
    },
    {
      key: 'shown',
      header: t('training.visibility'),
      render: (c) => t(c.shown ? 'training.shown' : 'training.hidden'),
    },
    { key: 'position', header: t('training.position'), end: true, render: (c) => c.position },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (c) => (
        <Button
          size="xs"
          variant="outline"
          color="red.700"
          aria-label={t('training.deleteCourseNamed', { name: c.title })}
          onClick={() => setPending(c)}
        >
          {t('kit.delete')}
        </Button>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader title={t('routes.trainingContent')} />
      <Text mb={4}>{t('training.intro')}</Text>
      <CourseForm course={null} onDone={() => undefined} />
      <PagedTable
        query={list}
        label={t('training.courses')}
        rowKey={(c) => c.id}
        columns={columns}
        page={page}
        pageSize={COURSE_PAGE_SIZE}
        onPage={setPage}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t('training.deleteCourseTitle')}
        body={t('training.deleteCourseBody', { name: pending?.title ?? '' })}
        confirmLabel={t('kit.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
      />
    </Box>
  );
}
