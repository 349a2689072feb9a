import { AreaRoutes } from '@leadsmith/shared';
import { routes } from './routes';

export function App() {
  return <AreaRoutes routes={routes} />;
}
