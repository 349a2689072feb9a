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
      if (call.url === '/api/courses') return { status: 200, body: { data: [{ id: 4, title: 'Getting started', description: 'First steps', pages: 1 }], currentPage: 1, pageSize: 20, total: 1 } };
      if (call.url === '/api/courses/items/4') return { status: 200, body: { data: { id: 4, title: 'Getting started', description: 'First steps', pages: [{ id: 9, title: 'Welcome', content: 'Hello there' }] } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/courses" element={<CoursesPage />} />
        <Route path="/courses/:id" element={<CoursePage />} />
      </Routes>,
      { route: '/courses' },
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
        <Route path="/courses/:id" element={<CoursePage />} />
      </Routes>,
      { route: '/courses/77' },
    );
    expect(await screen.findByText('This course does not exist or is not published.')).toBeInTheDocument();
  });
});
