import { Text } from '@chakra-ui/react';
import { ResourceListPage, useResourceItem } from '@leadsmith/shared/resource';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { COURSE_PAGES, COURSES } from '../../resources/definitions';

/** training-content/{id}: a course's onboarding pages (draft or shown). */
export function CoursePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const courseId = useParams().id ?? '';
  const course = useResourceItem(COURSES.api(''), Number(courseId) || 0);
  return (
    <ResourceListPage
      def={COURSE_PAGES}
      scope={courseId}
      titleKey="routes.course"
      onBack={() => navigate('/training-content')}
      intro={
        course.data ? (
          <Text mb={4} fontSize="lg" data-testid="course-title">
            {t('training.courseIntro', { title: String(course.data.title) })}
          </Text>
        ) : null
      }
    />
  );
}
