// What the boot frame (shell/src/boot) draws with before any bundle has loaded: the areas and their
// gating, branding colours, languages and storage keys. Plain data and functions with no package
// behind them (frame.test.ts checks); the boot frame's build resolves `@leadsmith/shared/core` to
// this file, so a frame module that reaches for anything else fails to build. Core re-exports all
// of it, so the React frame and the boot frame read the same definitions.
export * from './areas/areas';
export * from './theme/brandColors';
export * from './constants/limits';
