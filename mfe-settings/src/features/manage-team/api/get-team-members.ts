import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, DEFAULT_PAGE_SIZE, type ModuleSlug } from '@leadsmith/shared';

export interface TeamMember {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  access: ModuleSlug[];
  created_at: string;
  last_login_at: string | null;
}

export interface TeamMemberPage {
  data: TeamMember[];
  currentPage: number;
  pageSize: number;
  total: number;
  /** Modules the owner may grant (their own, never admin). */
  access_options: ModuleSlug[];
}

export const teamKeys = { all: ['settings', 'team-members'] as const, page: (page: number) => ['settings', 'team-members', page] as const };

export async function getTeamMembers(page: number): Promise<TeamMemberPage> {
  return (await apiClient.get<TeamMemberPage>('/api/team-members', { params: { page, pageSize: DEFAULT_PAGE_SIZE } })).data;
}

export const teamMembersQueryOptions = (page: number) => queryOptions({ queryKey: teamKeys.page(page), queryFn: () => getTeamMembers(page), placeholderData: keepPreviousData });

export const useTeamMembers = (page: number) => useQuery(teamMembersQueryOptions(page));
