import { styledPage } from '../app/styledPage';

/** Every area path: the area switch, drawn with Chakra, loaded on demand (App's `*` route). */
export const AreaPage = styledPage(() => import('./AreaSwitch').then((m) => m.AreaSwitch));
