// Public surface of @leadsmith/shared. Remotes import only from here (and the resource kit, ADR 043,
// from `@leadsmith/shared/resource`: a key of its own, so the areas that do not use it do not download it).
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
export * from './ui/Tooltip';
export * from './ui/richText/RichTextField';
export * from './ui/OnboardingTopics';
export * from './ui/form/TextField';
export * from './ui/form/useYupForm';
export * from './ui/form/ResourceFormFrame';
export * from './ui/RequireModule';
export * from './ui/form/fields';
export * from './ui/list/DataTable';
export * from './ui/list/TableFrame';
export * from './ui/list/ConfirmDialog';
export * from './ui/list/ConfirmDeleteButton';
export * from './ui/RefundDialog';
export * from './ui/list/Pagination';
export * from './ui/list/useListParams';
export * from './ui/list/PagedTable';
export * from './ui/list/SearchBox';
