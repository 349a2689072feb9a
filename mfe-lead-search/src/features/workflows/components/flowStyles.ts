const STYLE_ID = 'leadsmith-xyflow-styles';

/**
 * Puts React Flow's stylesheet into the page once. The CSS is imported as text (webpack asset/source,
 * see mfe-lead-search/webpack.config.js) in its own chunk; the shell's CSP allows inline styles (Chakra's
 * emotion needs them too).
 */
export function ensureFlowStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  document.head.appendChild(style);
  import('@xyflow/react/dist/style.css')
    .then((css) => {
      style.textContent = css.default;
    })
    .catch(() => style.remove());
}
