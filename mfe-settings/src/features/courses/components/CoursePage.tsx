import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState, LessonBody, PageHeader, PageSpinner, paths } from '@leadsmith/shared';
import { useCourse } from '../api/get-course';

/** One course (spec §2 courses/:id) with its lessons and a back button. */
export function CoursePage() {
  const { t } = useTranslation('settings');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const course = useCourse(id);
  const goBack = () => navigate(paths.settings.courses());
  return (
    <Box>
      <PageHeader title={t('routes.course')} onBack={goBack} />
      {course.isPending ? (
        <PageSpinner />
      ) : course.isError ? (
        <ErrorState
          title={t('courses.loadFailed')}
          notFoundTitle={t('courses.notFound')}
          onRetry={() => void course.refetch()}
          error={course.error}
        />
      ) : (
        <Box as="article" maxW="3xl">
          <Heading as="h2" size="lg" mb={2}>
            {course.data.title}
          </Heading>
          {course.data.description ? <Text mb={6}>{course.data.description}</Text> : null}
          {course.data.pages.length === 0 ? <Text>{t('courses.noLessons')}</Text> : null}
          {course.data.pages.map((page, index) => (
            <Box as="section" key={page.id} mb={6} aria-labelledby={`lesson-${page.id}`}>
              <Heading as="h3" size="md" mb={2} id={`lesson-${page.id}`}>
                {t('courses.lessonTitle', { n: index + 1, title: page.title })}
              </Heading>
              {page.video_url ? (
                <Text mb={2}>
                  <Link
                    href={page.video_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    color="brand.fg"
                    textDecoration="underline"
                  >
                    {t('courses.watchVideo')}
                    <Box as="span" srOnly>
                      {' '}
                      {t('courses.opensInNewTab')}
                    </Box>
                  </Link>
                </Text>
              ) : null}
              {page.body_html ? (
                <LessonBody html={page.body_html} />
              ) : (
                <Text whiteSpace="pre-wrap">{page.content ?? ''}</Text>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
