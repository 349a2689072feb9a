/**
 * The spec's constants, once, for both sides: the front ends import them through `@leadsmith/shared`, the
 * API through `@leadsmith/shared/constants` (built to CommonJS in shared/dist by `npm run build -w
 * @leadsmith/shared`, which the API's build runs first). Plain values and pure functions only: no React,
 * no browser or Node API, no import from outside this folder.
 */
export * from './branding';
export * from './credits';
export * from './limits';
export * from './lists';
export * from './modules';
export * from './prompts';
export * from './remotes';
export * from './search';
export * from './timings';
export * from './aiModel';
export * from './workflows';
export * from './whitelabel';
