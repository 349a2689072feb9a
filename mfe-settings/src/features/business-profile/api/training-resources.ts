/** The training-data collections of spec §7, each a paginated list with add/edit/delete. */
export type TrainingResource = 'training-texts' | 'training-qa' | 'training-files' | 'website-links';
export type LinkKind = 'website' | 'single';

export interface Page<T> {
  data: T[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface TrainingText {
  id: number;
  title: string;
  content: string;
  created_at: string;
}
export interface TrainingQa {
  id: number;
  question: string;
  answer: string;
  created_at: string;
}
export interface WebsiteLink {
  id: number;
  kind: LinkKind;
  website: string;
  url: string;
  title: string;
  created_at: string;
}
export interface TrainingFile {
  id: number;
  name: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
}

export const trainingKeys = {
  all: ['settings', 'training'] as const,
  resource: (resource: TrainingResource, kind?: LinkKind) => [...trainingKeys.all, resource, kind ?? 'all'] as const,
  list: (resource: TrainingResource, kind: LinkKind | undefined, page: number, pageSize: number) => [...trainingKeys.resource(resource, kind), page, pageSize] as const,
};

export const resourcePath = (resource: TrainingResource) => `/api/business-details/${resource}`;
