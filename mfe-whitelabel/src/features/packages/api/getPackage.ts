import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@leadsmith/shared';
import { packageKeys, type Package } from './listPackages';

export const getPackage = (id: number, signal?: AbortSignal): Promise<Package> =>
  api.get('/api/whitelabel/packages/{id}', { path: { id }, config: { signal } });

export const packageQueryOptions = (id: number) =>
  queryOptions({ queryKey: packageKeys.detail(id), queryFn: ({ signal }) => getPackage(id, signal), enabled: id > 0 });

export const usePackage = (id: number) => useQuery(packageQueryOptions(id));
