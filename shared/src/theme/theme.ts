import { createSystem, defineConfig, type SystemContext } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  tooltipSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { brandColors, type Branding } from '@leadsmith/shared/core';

/**
 * Chakra's default theme with the recipes of the components the app uses (the Chakra surface in
 * shared/federation.cjs): every recipe of the full default theme is parsed when a system is
 * created, and all of them were shipped before the sidebar. `theme.test.ts` fails when a surface
 * component needs a recipe missing here.
 */
export const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  kbd: kbdRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes: RECIPES,
    slotRecipes: SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const cache = new Map<string, SystemContext>();

/**
 * A Chakra system whose `brand` palette comes from the domain's branding.
 * Memoised by colours so the shell and every area root reuse one system.
 */
export function createBrandSystem(branding: Branding): SystemContext {
  const c = brandColors(branding);
  const key = JSON.stringify(c);
  const cached = cache.get(key);
  if (cached) return cached;
  const config = defineConfig({
    theme: {
      tokens: {
        colors: {
          brandPrimary: { value: c.primary },
          brandSecondary: { value: c.secondary },
        },
      },
      semanticTokens: {
        colors: {
          brand: {
            solid: { value: c.primary },
            contrast: { value: '#FFFFFF' },
            fg: { value: c.primary },
            muted: { value: `color-mix(in srgb, ${c.primary} 20%, white)` },
            subtle: { value: `color-mix(in srgb, ${c.primary} 10%, white)` },
            emphasized: { value: `color-mix(in srgb, ${c.primary} 30%, white)` },
            focusRing: { value: c.primary },
          },
          'text.primary': { value: c.text },
          'text.heading': { value: c.heading },
          'text.muted': { value: '#5B6474' },
          'sidebar.bg': { value: c.sidebar },
          'login.bg': { value: c.loginBackground },
        },
      },
    },
    globalCss: { body: { color: 'text.primary' } },
  });
  const system = createSystem(defaultBaseConfig, themeConfig, config);
  cache.set(key, system);
  return system;
}
