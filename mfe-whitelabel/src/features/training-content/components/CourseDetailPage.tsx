import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import {
  ConfirmDialog,
  ErrorState,
  FilterSelect,
  PageHeader,
  PageSpinner,
  useListParams,
  type Column,
} from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCourse } from '../api/getCourse';
import { COURSE_PAGES_PAGE_SIZE, useCoursePages, type CoursePage } from '../api/listCoursePages';
import { useDeleteCoursePage } from '../api/saveCoursePage';
import { CourseForm } from './TrainingContentPage';

const FILTERS = ['status'] as const;

/** whitelabel/training-content/{id}: one course, its details and its ordered onboarding pages (draft or shown). */
export function CourseDetailPage() {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const courseId = Number(useParams().id) || 0;
  const course = useCourse(courseId);
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const pages = useCoursePages(courseId, page, filters.status);
  const remove = useDeleteCoursePage();
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<CoursePage | null>(null);
  const columns: Column<CoursePage>[] = [
    { key: 'position', header: t('training.position'), end: true, render: (p) => p.position },
    { key: 'title', header: t('training.pageTitle'), render: (p) => p.title },
    { key: 'status', header: t('training.status'), render: (p) => t(`training.statuses.${p.status}`) },
    { key: 'video', header: t('training.video'), render: (p) => t(p.video_url ? 'links.yes' : 'links.no') },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (p) => (
        <Flex gap={2} justify="end">
          <Button asChild size="xs" variant="outline">
            <RouterLink
              to={`/training-content/${courseId}/${p.id}/edit`}
              aria-label={t('training.editPageNamed', { name: p.title })}
            >
              {t('kit.edit')}
            </RouterLink>
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.700"
            aria-label={t('training.deletePageNamed', { name: p.title })}
            onClick={() => setPending(p)}
          >
            {t('kit.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t('routes.course')}
        onBack={() => navigate('/training-content')}
        actions={
          course.data ? (
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to={`/training-content/${courseId}/create`}>{t('routes.pageCreate')}</RouterLink>
            </Button>
          ) : null
        }
      />
      {course.isPending ? (
        <PageSpinner />
      ) : course.isError ? (
        <ErrorState title={t('training.courseNotFound')} onRetry={() => void course.refetch()} error={course.error} />
      ) : (
        <>
          {editing ? (
            <CourseForm course={course.data} onDone={() => setEditing(false)} />
          ) : (
            <Box mb={8}>
              <Flex align="center" gap={3} mb={2} wrap="wrap">
                <Heading as="h2" size="lg" data-testid="course-title">
                  {course.data.title}
                </Heading>
                <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
                  {t('training.editCourse')}
                </Button>
              </Flex>
              {course.data.description ? <Text mb={2}>{course.data.description}</Text> : null}
              <Text fontSize="sm">{t(course.data.shown ? 'training.courseShown' : 'training.courseHidden')}</Text>
            </Box>
          )}
          <Heading as="h2" size="md" mb={3}>
            {t('training.pages')}
          </Heading>
          <Flex mb={3}>
            <FilterSelect
              label={t('training.status')}
              value={filters.status}
              onChange={(value) => setFilter('status', value)}
              allLabel={t('kit.all')}
              options={[
                { value: 'draft', label: t('training.statuses.draft') },
                { value: 'shown', label: t('training.statuses.shown') },
              ]}
            />
          </Flex>
          <PagedTable
            query={pages}
            label={t('training.pagesOf', { title: course.data.title })}
            rowKey={(p) => p.id}
            columns={columns}
            page={page}
            pageSize={COURSE_PAGES_PAGE_SIZE}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('training.deletePageTitle')}
        body={t('training.deletePageBody', { name: pending?.title ?? '' })}
        confirmLabel={t('kit.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          pending && remove.mutate({ courseId, pageId: pending.id }, { onSettled: () => setPending(null) })
        }
      />
    </Box>
  );
}
