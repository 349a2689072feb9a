// The one declaration of what the shell and every remote share at runtime.
// Listed by name on purpose (not spread from package.json): only these are
// singletons; everything else is bundled where it is used.
const fs = require('node:fs');
const path = require('node:path');

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  'zustand',
  '@chakra-ui/react',
  '@emotion/react',
  'i18next',
  'react-i18next',
  'react-toastify',
  // Forms: the shared library's form helpers and four remotes use it; bundled per build it was
  // downloaded twice on the way to a form (shared library + the area), `npm run bench` (issue 30).
  'react-hook-form',
];

/**
 * The Chakra UI surface every build shares: the shell and all remotes get Chakra through one
 * generated module that re-exports only these names, so the shared chunk holds what the product
 * uses instead of the whole library (a shared package is never tree-shaken: sharing all of
 * @chakra-ui/react put 311 KB gzip in front of the sidebar). The list is part of the shell/remote
 * contract (ADR 010): a remote that needs another Chakra export adds it here, and the shell that
 * offers it is released before that remote. shared/src/federation.test.ts fails when any source
 * imports a name that is missing.
 */
const CHAKRA_SURFACE = [
  // used today
  'Alert',
  'Badge',
  'Box',
  'Button',
  'Card',
  'Center',
  'ChakraProvider',
  'Checkbox',
  'Code',
  'DataList',
  'Dialog',
  'Drawer',
  'Field',
  'Fieldset',
  'Flex',
  'Grid',
  'HStack',
  'Heading',
  'Image',
  'Input',
  'Link',
  'LinkBox',
  'LinkOverlay',
  'List',
  'Menu',
  'NativeSelect',
  'Portal',
  'SimpleGrid',
  'Spinner',
  'Stack',
  'Table',
  'Tabs',
  'Text',
  'Textarea',
  'chakra',
  'createSystem',
  'defineConfig',
  // light layout and display pieces (no state machine behind them) areas commonly reach for; the
  // interactive widgets (tooltip, popover, drawer, accordion, switch, radio group…) each bring a
  // state machine and join the surface only when a screen uses them
  'VStack',
  'Container',
  'Wrap',
  'Span',
  'Em',
  'Kbd',
  'Separator',
  'Icon',
  'IconButton',
  'CloseButton',
  'VisuallyHidden',
  'Group',
  'Tag',
  'Skeleton',
  'EmptyState',
  'GridItem',
  'Spacer',
  'Show',
  'useDisclosure',
  // the tooltip of shared/src/ui/Tooltip.tsx (every tooltip goes through it, with the spec's defaults)
  'Tooltip',
];

/** React Router's surface, shared the same way (the package entry is one large module otherwise kept whole). */
const ROUTER_SURFACE = [
  // used today
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Router',
  'Routes',
  'createPath',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
  // the rest of the component-router API an area may need
  'useHref',
  'useMatch',
  'useResolvedPath',
  'useInRouterContext',
  'useNavigationType',
  'useOutletContext',
  'useRoutes',
  'useLinkClickHandler',
  'generatePath',
  'matchPath',
  'resolvePath',
  'createSearchParams',
];

/**
 * React i18next's surface: shared whole, the package brought its class components, SSR helpers and
 * Trans parser to every page (5.9 KB gzip in the shell's start-up chunk against 1.3 KB in the monolith,
 * `npm run bench`, issue 30).
 */
const I18NEXT_REACT_SURFACE = [
  // used today
  'I18nextProvider',
  'initReactI18next',
  'useTranslation',
  // the context the hook reads; Trans is left out on purpose: it brings the HTML parser with it
  'I18nContext',
];

/** React Query's surface, for the same reason (its hydration, suspense and devtools-facing hooks went to every page). */
const QUERY_SURFACE = [
  // used today
  'QueryClient',
  'QueryClientProvider',
  'infiniteQueryOptions',
  'keepPreviousData',
  'queryOptions',
  'useInfiniteQuery',
  'useMutation',
  'useQuery',
  'useQueryClient',
  // a query turned off by its key; the other hooks (suspense, queries, hydration) each bring an
  // observer class with them and join the surface only when a screen uses them
  'skipToken',
];

/** Packages shared through a surface module: share key → the names every build offers. */
const SURFACES = {
  '@chakra-ui/react': CHAKRA_SURFACE,
  'react-router': ROUTER_SURFACE,
  'react-i18next': I18NEXT_REACT_SURFACE,
  '@tanstack/react-query': QUERY_SURFACE,
};

/**
 * Subpaths imported directly, not through the shared module: Chakra's theme data (tokens, recipes)
 * and base preset. They are plain configuration that `createSystem` (shared) turns into the one
 * system, so they are bundled where the system is built (shared/src/theme) and only the recipes the
 * surface needs are shipped.
 */
const CONFIG_SUBPATHS = { '@chakra-ui/react': ['/theme', '/preset-base'] };

/** The unshared request of a package (a webpack alias): the surface module imports the real package through it. */
const unsharedRequest = (pkg) => `leadsmith-unshared/${pkg}`;

/** Webpack aliases the surface modules need (the share key itself would resolve back to the shared module). */
function surfaceAliases() {
  return Object.fromEntries(Object.keys(SURFACES).map((pkg) => [`${unsharedRequest(pkg)}$`, pkg]));
}

/** Writes the module that re-exports a package's surface (atomically: builds run in parallel). */
function surfaceModule(pkg) {
  const dir = path.join(__dirname, '.federation');
  const file = path.join(dir, `${pkg.replace(/[@/]/g, '_')}.mjs`);
  const source = `// Generated by shared/federation.cjs (SURFACES); do not edit.\nexport { ${SURFACES[pkg].join(', ')} } from ${JSON.stringify(unsharedRequest(pkg))};\n`;
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, source);
    fs.renameSync(tmp, file);
  }
  return file;
}

/** Installed version of a package, found by walking up node_modules from here. */
function installedVersion(name) {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`federation: ${name} is not installed`);
    dir = parent;
  }
}

function sharedSingletons() {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  // Trailing-slash entries share deep imports too (react/jsx-runtime, react-dom/client),
  // otherwise they are bundled a second time.
  shared['react/'] = { ...shared.react };
  shared['react-dom/'] = { ...shared['react-dom'] };
  for (const pkg of Object.keys(SURFACES)) shared[pkg] = { ...shared[pkg], import: surfaceModule(pkg) };
  const own = JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8'));
  // The shared library itself: one session store, query client and i18n instance per page.
  shared[own.name] = { singleton: true, version: own.version, requiredVersion: `^${own.version}` };
  // Its boot surface on a key of its own (shared/src/core.ts): the shell draws its frame from it
  // before the rest of the library, with Chakra and the form code, is loaded.
  shared[`${own.name}/core`] = { ...shared[own.name] };
  return applySharedOverride(shared, process.env.LEADSMITH_SHARED_OVERRIDE);
}

/**
 * Test builds only: LEADSMITH_SHARED_OVERRIDE=zustand@6.0.0 makes this build offer and require
 * another version of one singleton (the code bundled stays the installed one), so the e2e tests
 * can prove a shell/remote version skew is detected and reported. Never set for a real release.
 */
function applySharedOverride(shared, override) {
  if (!override) return shared;
  const match = /^(@?[^@\s]+)@(\d+\.\d+\.\d+)$/.exec(override);
  if (!match || !shared[match[1]])
    throw new Error(`LEADSMITH_SHARED_OVERRIDE must be <shared package>@<x.y.z>, got "${override}"`);
  const [, name, version] = match;
  shared[name] = { ...shared[name], version, requiredVersion: `^${version}` };
  return shared;
}

module.exports = {
  SINGLETONS,
  SURFACES,
  CONFIG_SUBPATHS,
  surfaceAliases,
  sharedSingletons,
  installedVersion,
  applySharedOverride,
};
