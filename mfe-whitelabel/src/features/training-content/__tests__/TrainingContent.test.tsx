import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { registerAreaTranslations } from '@leadsmith/shared';
import { mockApi, renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { CourseDetailPage } from '../components/CourseDetailPage';
import { CoursePageFormPage } from '../components/CoursePageFormPage';
import { TrainingContentPage } from '../components/TrainingContentPage';
import type { CoursePage } from '../api/listCoursePages';
import type { Course } from '../api/listCourses';

/** The fake API keeps what the real one answers (its generated types). */
type FakeCourse = Course;
type FakePage = CoursePage;

registerAreaTranslations(NAMESPACE, translations);

/** A small stand-in for the API's training-content routes (its sanitiser reduced to dropping script). */
function fakeTrainingApi() {
  const courses: FakeCourse[] = [];
  const pages: FakePage[] = [];
  let seq = 0;
  const stamp = () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++seq)).toISOString();
  const withCounts = (c: FakeCourse) => ({
    ...c,
    pages_count: pages.filter((p) => p.course_id === c.id).length,
    shown_pages: pages.filter((p) => p.course_id === c.id && p.status === 'shown').length,
  });
  const page = <T,>(data: T[]) => ({ data, currentPage: 1, pageSize: 20, total: data.length });
  return mockApi((call) => {
    const body = call.body as Record<string, unknown>;
    if (call.url === '/api/whitelabel/courses' && call.method === 'GET')
      return { status: 200, body: page(courses.map(withCounts)) };
    if (call.url === '/api/whitelabel/courses' && call.method === 'POST') {
      const c = {
        id: courses.length + 1,
        title: String(body.title),
        description: (body.description as string | null) ?? null,
        position: Number(body.position),
        shown: Boolean(body.shown),
        pages_count: 0,
        shown_pages: 0,
        created_at: stamp(),
        updated_at: stamp(),
      };
      courses.push(c);
      return { status: 201, body: { message: 'Course created.', data: c } };
    }
    const course = /^\/api\/whitelabel\/courses\/(\d+)$/.exec(call.url);
    if (course && call.method === 'GET') {
      const c = courses.find((x) => x.id === Number(course[1]));
      return c ? { status: 200, body: { data: withCounts(c) } } : undefined;
    }
    const list = /^\/api\/whitelabel\/courses\/(\d+)\/pages$/.exec(call.url);
    if (list && call.method === 'GET')
      return {
        status: 200,
        body: page(
          pages.filter(
            (p) => p.course_id === Number(list[1]) && (!call.params?.status || p.status === call.params.status),
          ),
        ),
      };
    if (list && call.method === 'POST') {
      const p: FakePage = {
        id: pages.length + 1,
        course_id: Number(list[1]),
        title: String(body.title),
        video_url: (body.video_url as string | null) ?? null,
        body_html: String(body.body_html).replace(/<script>.*?<\/script>/g, ''),
        position: Number(body.position),
        status: body.status as FakePage['status'],
        created_at: stamp(),
        updated_at: stamp(),
      };
      pages.push(p);
      return { status: 201, body: { message: 'Page created.', data: p } };
    }
    const one = /^\/api\/whitelabel\/courses\/(\d+)\/pages\/(\d+)$/.exec(call.url);
    if (one) {
      const p = pages.find((x) => x.id === Number(one[2]) && x.course_id === Number(one[1]));
      if (!p) return undefined;
      if (call.method === 'PUT')
        Object.assign(p, {
          ...body,
          body_html: String(body.body_html).replace(/<script>.*?<\/script>/g, ''),
          updated_at: stamp(),
        });
      return { status: 200, body: { data: p } };
    }
    return undefined;
  });
}

function renderArea(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/training-content" element={<TrainingContentPage />} />
      <Route path="/training-content/:id" element={<CourseDetailPage />} />
      <Route path="/training-content/:id/create" element={<CoursePageFormPage mode="create" />} />
      <Route path="/training-content/:id/:pageId/edit" element={<CoursePageFormPage mode="edit" />} />
    </Routes>,
    { route },
  );
}

describe('training content', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('creates a course, adds a lesson to it, and previews the saved lesson as customers see it', async () => {
    api = fakeTrainingApi();
    const user = userEvent.setup();
    renderArea('/training-content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Training content' })).toBeInTheDocument();

    const courseForm = screen.getByRole('form', { name: 'Add a course' });
    await user.click(within(courseForm).getByRole('button', { name: 'Save' }));
    expect(await within(courseForm).findByText(/required/i)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(courseForm).getByLabelText('Course title'), 'Getting started');
    await user.type(within(courseForm).getByLabelText('Description'), 'Your first week');
    await user.click(within(courseForm).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Getting started',
        description: 'Your first week',
        position: 0,
        shown: true,
      }),
    );
    await user.click(await screen.findByRole('link', { name: 'Getting started' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Course' })).toBeInTheDocument();
    expect(await screen.findByTestId('course-title')).toHaveTextContent('Getting started');
    await user.click(screen.getByRole('link', { name: 'Create page' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create page' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Page title'), 'Welcome');
    await user.type(screen.getByLabelText('Video URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid URL')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Video URL'));
    await user.type(screen.getByLabelText('Video URL'), 'https://videos.example.com/welcome');
    await user.selectOptions(screen.getByLabelText('Status'), 'shown');
    // The body opens in the rich-text editor; the HTML source is a click away.
    expect(await screen.findByRole('textbox', { name: 'Body' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    await user.click(screen.getByLabelText('Body (HTML)'));
    await user.paste('<h2>Hello</h2><script>alert(1)</script><p>Read this first.</p>');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Course' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pages of Getting started' });
    expect(within(table).getByText('Welcome')).toBeInTheDocument();
    expect(within(table).getByText('Shown')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.url.endsWith('/pages'))?.body).toMatchObject({
      title: 'Welcome',
      video_url: 'https://videos.example.com/welcome',
      status: 'shown',
    });

    await user.click(within(table).getByRole('link', { name: 'Edit Welcome' }));
    const preview = await screen.findByTestId('lesson-preview');
    expect(within(preview).getByRole('heading', { level: 3, name: 'Welcome' })).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { level: 2, name: 'Hello' })).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: /Watch the video/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(preview.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'HTML' }));
    expect(screen.getByLabelText('Body (HTML)')).toHaveValue('<h2>Hello</h2><p>Read this first.</p>');
  }, 45_000);
});
