import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, v, yup } from '@leadsmith/shared';
import { teamKeys, type TeamMember } from './get-team-members';

// A lone checkbox reports its value (or false) rather than an array: normalise to a list.
const access = () =>
  yup
    .array()
    .transform((_value: unknown, original: unknown) => (Array.isArray(original) ? original : typeof original === 'string' ? [original] : []))
    .of(yup.string().required())
    .min(1, v.message('selectAccess'))
    .required()
    .default([]);

export const inviteSchema = yup.object({ first_name: v.required().max(100), last_name: v.required().max(100), email: v.email(), access: access() });
export const editMemberSchema = yup.object({ first_name: v.required().max(100), last_name: v.required().max(100), access: access() });
export type InviteInput = yup.InferType<typeof inviteSchema>;
export type EditMemberInput = yup.InferType<typeof editMemberSchema>;

/** POST /api/team-members (invite) or PUT /api/team-members/{id} (name and access). */
export async function saveTeamMember(args: { id?: number; values: InviteInput | EditMemberInput }): Promise<{ data: TeamMember }> {
  const response = args.id ? await apiClient.put<{ data: TeamMember }>(`/api/team-members/${args.id}`, args.values) : await apiClient.post<{ data: TeamMember }>('/api/team-members', args.values);
  return response.data;
}

export function useSaveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTeamMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
