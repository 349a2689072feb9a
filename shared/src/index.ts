// Public surface of @leadsmith/shared. Remotes import only from here.
// The boot surface comes through its own share key, so there is one instance of it per page (core.ts).
export * from '@leadsmith/shared/core';
export * from './theme/theme';
export * from './theme/BrandChakra';
export * from './theme/chartPalette';
export * from './toast/toastConfig';
export * from './validation/validation';
export * from './ui/AreaContext';
export * from './ui/AreaRoot';
export * from './ui/AreaRoutes';
export * from './ui/createAreaLifecycles';
export * from './ui/ErrorState';
export * from './ui/NotFoundPage';
export * from './ui/PageHeader';
export * from './ui/PageSpinner';
export * from './ui/SectionNav';
export * from './ui/LessonBody';
export * from './ui/OnboardingTopics';
export * from './ui/form/TextField';
export * from './ui/form/useYupForm';
export * from './ui/RequireModule';
export * from './ui/form/fields';
export * from './ui/list/DataTable';
export * from './ui/list/TableFrame';
export * from './ui/list/ConfirmDialog';
export * from './ui/list/Pagination';
export * from './ui/list/useListParams';
