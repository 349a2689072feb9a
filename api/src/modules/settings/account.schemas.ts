/** Page query shared by every Settings list: page ≥ 1, pageSize 1–100 (default 20, spec §9). */
export const pageQuerySchema = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Paginated<T> {
  data: T[];
  currentPage: number;
  pageSize: number;
  total: number;
}

export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
