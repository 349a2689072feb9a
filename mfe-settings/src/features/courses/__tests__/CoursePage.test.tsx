import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { registerAreaTranslations } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { NAMESPACE, translations } from '../../../locales';
import { mockApi } from '@leadsmith/shared/testing';
import { CoursePage } from '../components/CoursePage';
import { CoursesPage } from '../components/CoursesPage';

registerAreaTranslations(NAMESPACE, translations);

describe('courses', () => {
  let api: ReturnType<typeof mockApi>;
  afterEach(() => api.restore());

  it('lists courses, opens one with its lessons, and goes back', async () => {
    api = mockApi((call) => {
      if (call.url === '/api/courses')
        return {
          status: 200,
          body: {
            data: [{ id: 4, title: 'Getting started', description: 'First steps', pages: 1 }],
            currentPage: 1,
            pageSize: 20,
            total: 1,
          },
        };
      if (call.url === '/api/courses/items/4')
        return {
          status: 200,
          body: {
            data: {
              id: 4,
              title: 'Getting started',
              description: 'First steps',
              pages: [{ id: 9, title: 'Welcome', content: 'Hello there' }],
            },
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/settings/courses" element={<CoursesPage />} />
        <Route path="/settings/courses/:id" element={<CoursePage />} />
      </Routes>,
      { route: '/settings/courses' },
    );
    expect(await screen.findByText('Lessons: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Getting started' }));
    expect(await screen.findByRole('heading', { level: 3, name: '1. Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /back/i }));
    expect(await screen.findByRole('link', { name: 'Getting started' })).toBeInTheDocument();
  });

  it('says so when a course is not published', async () => {
    api = mockApi(() => ({ status: 404, body: { code: 'not_found', message: 'Not found' } }));
    renderWithProviders(
      <Routes>
        <Route path="/settings/courses/:id" element={<CoursePage />} />
      </Routes>,
      { route: '/settings/courses/77' },
    );
    expect(await screen.findByText('This course does not exist or is not published.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("shows a reseller's lesson: its video link and its (server-sanitised) HTML body", async () => {
    api = mockApi((call) =>
      call.url === '/api/courses/items/5'
        ? {
            status: 200,
            body: {
              data: {
                id: 5,
                title: 'Agency onboarding',
                description: null,
                pages: [
                  {
                    id: 1,
                    title: 'Start here',
                    content: null,
                    video_url: 'https://videos.example.com/1',
                    body_html: '<h2>Your first list</h2><ul><li>Pick a search</li></ul>',
                  },
                ],
              },
            },
          }
        : undefined,
    );
    renderWithProviders(
      <Routes>
        <Route path="/settings/courses/:id" element={<CoursePage />} />
      </Routes>,
      { route: '/settings/courses/5' },
    );
    expect(await screen.findByRole('heading', { level: 3, name: '1. Start here' })).toBeInTheDocument();
    const video = screen.getByRole('link', { name: /Watch the video/ });
    expect(video).toHaveAttribute('href', 'https://videos.example.com/1');
    expect(video).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('heading', { level: 2, name: 'Your first list' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Pick a search');
  });

  it('says so when the reseller has turned training off', async () => {
    api = mockApi((call) =>
      call.url === '/api/courses'
        ? { status: 200, body: { data: [], currentPage: 1, pageSize: 20, total: 0, training_center: false } }
        : undefined,
    );
    renderWithProviders(<CoursesPage />, { route: '/settings/courses' });
    expect(await screen.findByText('Training is not offered for your account.')).toBeInTheDocument();
  });
});
