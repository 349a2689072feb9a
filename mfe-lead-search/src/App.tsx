import { AreaRoutes } from '@leadsmith/shared';
import { AreaShortcuts } from './components/keyboard/AreaShortcuts';
import { routes } from './routes';

export function App() {
  return (
    <>
      <AreaRoutes routes={routes} />
      <AreaShortcuts />
    </>
  );
}
