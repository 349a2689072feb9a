import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@leadsmith/shared';
import type { SearchType } from '../../../api/types';
import type { ResultFilters } from './getResults';

/** POST /api/{type}-results/{id}/csv: the filtered rows as a CSV file, saved through a download link. */
export async function exportResultsCsv({
  type,
  id,
  filters,
}: {
  type: SearchType;
  id: number;
  filters: Omit<ResultFilters, 'page' | 'limit'>;
}): Promise<void> {
  const response = await apiClient.post<Blob>(`/api/${type}-results/${id}/csv`, filters, { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `list-${id}.csv`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useExportResultsCsv = () => useMutation({ mutationFn: exportResultsCsv });
