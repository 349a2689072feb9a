// Webpack loader for Chakra's theme and base preset: marks each top-level definition
// (`const buttonRecipe = defineRecipe({…})`) as a pure call, so webpack's inner-graph analysis
// drops the definitions nothing uses (shared/src/theme keeps only the recipes of the app's
// Chakra surface). Without the mark a module-level call counts as a side effect and every
// recipe of the default theme is shipped.
module.exports = function pureDefinitions(source) {
  return source.replace(/=\s*(define[A-Z]\w*|createAnatomy)\(/g, '= /*#__PURE__*/ $1(');
};
