import type { ApiPage, ApiResponse } from '@leadsmith/shared';

/** The training-data collections of spec §7, each a paginated list with add/edit/delete. */
export type TrainingResource = 'training-texts' | 'training-qa' | 'training-files' | 'website-links';
export type LinkKind = 'website' | 'single';

/** The one page envelope. */
export type Page<T> = ApiPage<T>;

export type TrainingText = ApiResponse<'/api/business-details/training-texts', 'get'>['data'][number];
export type TrainingQa = ApiResponse<'/api/business-details/training-qa', 'get'>['data'][number];
export type WebsiteLink = ApiResponse<'/api/business-details/website-links', 'get'>['data'][number];
export type TrainingFile = ApiResponse<'/api/business-details/training-files', 'get'>['data'][number];

export const trainingKeys = {
  all: ['settings', 'training'] as const,
  resource: (resource: TrainingResource, kind?: LinkKind) => [...trainingKeys.all, resource, kind ?? 'all'] as const,
  list: (resource: TrainingResource, kind: LinkKind | undefined, page: number, pageSize: number) =>
    [...trainingKeys.resource(resource, kind), page, pageSize] as const,
};

export const resourcePath = (resource: TrainingResource) => `/api/business-details/${resource}`;
