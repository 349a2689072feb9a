/** CSS files are imported as text (mfe-lead-search/webpack.config.js: asset/source). */
declare module '*.css' {
  const css: string;
  export default css;
}
