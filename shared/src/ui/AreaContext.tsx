import { createContext, useContext } from 'react';
import type { AreaMountProps } from '../contract/areaContract';

export const AreaContext = createContext<AreaMountProps | null>(null);

/** The mount props of the area this component renders in. */
export function useAreaProps(): AreaMountProps {
  const props = useContext(AreaContext);
  if (!props) throw new Error('useAreaProps must be used inside an area root');
  return props;
}

/** Navigate to an absolute app path (another area), through the shell's router. */
export function useCrossAreaNavigate(): (to: string) => void {
  const { navigator } = useAreaProps();
  return (to: string) => navigator.navigate(to);
}
