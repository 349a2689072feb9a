// The resource kit (ADR 043) on a share key of its own (`@leadsmith/shared/resource`): only the admin
// and white-label areas describe their lists and forms with it, so it is not part of the full library
// every area downloads (ADR 059). Its files reach the rest of the library only through
// `@leadsmith/shared` and `@leadsmith/shared/core`, never by a relative path (a relative import would
// bundle a second copy into this key's chunk; resource.test.ts checks).
export * from './ui/resource/resourceApi';
export * from './ui/resource/resourceDefinition';
export * from './ui/resource/resourceForm';
export * from './ui/resource/ResourceFields';
export * from './ui/resource/ResourceForm';
export * from './ui/resource/ResourceFormDialog';
export * from './ui/resource/ResourceFormPage';
export * from './ui/resource/ResourceListPage';
