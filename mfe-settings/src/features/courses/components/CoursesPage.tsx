import { Box, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, OnboardingTopics, PageHeader, PageSpinner, Pagination, paths } from '@leadsmith/shared';
import { useCourses } from '../api/get-courses';

/** Courses: the onboarding training the super admin publishes, or the user's reseller's own (the API decides). */
export function CoursesPage() {
  const { t } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const courses = useCourses(page);
  return (
    <Box>
      <PageHeader title={t('routes.courses')} />
      <OnboardingTopics />
      {courses.isPending ? (
        <PageSpinner />
      ) : courses.isError ? (
        <ErrorState title={t('courses.loadFailed')} onRetry={() => void courses.refetch()} />
      ) : courses.data.training_center === false ? (
        <Text>{t('courses.unavailable')}</Text>
      ) : courses.data.data.length === 0 ? (
        <Text>{t('courses.empty')}</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap={4}>
          {courses.data.data.map((course) => (
            <LinkBox
              as="li"
              key={course.id}
              borderWidth="1px"
              rounded="md"
              p={4}
              _hover={{ borderColor: 'brand.solid' }}
            >
              <Heading as="h2" size="md" mb={2}>
                <LinkOverlay asChild>
                  <Link to={paths.settings.course(course.id)}>{course.title}</Link>
                </LinkOverlay>
              </Heading>
              {course.description ? <Text mb={2}>{course.description}</Text> : null}
              <Text fontSize="sm">{t('courses.lessons', { count: course.pages })}</Text>
            </LinkBox>
          ))}
        </SimpleGrid>
      )}
      {courses.data ? (
        <Pagination
          label={t('routes.courses')}
          page={courses.data.currentPage}
          pageSize={courses.data.pageSize}
          total={courses.data.total}
          onChange={setPage}
          hideSinglePage
        />
      ) : null}
    </Box>
  );
}
