import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, DEFAULT_PAGE_SIZE, type ApiResponse } from '@leadsmith/shared';

export type TeamMemberPage = ApiResponse<'/api/team-members', 'get'>;
export type TeamMember = TeamMemberPage['data'][number];

export const teamKeys = {
  all: ['settings', 'team-members'] as const,
  page: (page: number) => ['settings', 'team-members', page] as const,
};

export const getTeamMembers = (page: number): Promise<TeamMemberPage> =>
  api.get('/api/team-members', { query: { page, pageSize: DEFAULT_PAGE_SIZE } });

export const teamMembersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: teamKeys.page(page),
    queryFn: () => getTeamMembers(page),
    placeholderData: keepPreviousData,
  });

export const useTeamMembers = (page: number) => useQuery(teamMembersQueryOptions(page));
