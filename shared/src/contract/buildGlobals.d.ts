/** Defined by shared/webpack.cjs for remote builds. */
declare const __AREA_CONTRACT_VERSION__: string;
declare const __LEADSMITH_TEST_FAULTS__: boolean;

/** Alias (remote builds): the area's own `src/mount.tsx`. */
declare module 'leadsmith-area-mount' {
  export const contractVersion: string;
  export const bootstrap: (props: unknown) => Promise<unknown>;
  export const mount: (props: unknown) => Promise<unknown>;
  export const unmount: (props: unknown) => Promise<unknown>;
  export const update: ((props: unknown) => Promise<unknown>) | undefined;
}
