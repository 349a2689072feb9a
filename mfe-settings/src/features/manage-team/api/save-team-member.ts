import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, v, yup, type ModuleSlug } from '@leadsmith/shared';
import { teamKeys } from './get-team-members';

// A lone checkbox reports its value (or false) rather than an array: normalise to a list.
const access = () =>
  yup
    .array()
    .transform((_value: unknown, original: unknown) =>
      Array.isArray(original) ? original : typeof original === 'string' ? [original] : [],
    )
    .of(yup.string<ModuleSlug>().required())
    .min(1, v.message('selectAccess'))
    .required()
    .default([]);

export const inviteSchema = yup.object({
  first_name: v.required().max(100),
  last_name: v.required().max(100),
  email: v.email(),
  access: access(),
});
export const editMemberSchema = yup.object({
  first_name: v.required().max(100),
  last_name: v.required().max(100),
  access: access(),
});
export type InviteInput = yup.InferType<typeof inviteSchema>;
export type EditMemberInput = yup.InferType<typeof editMemberSchema>;

/** POST /api/team-members (invite) or PUT /api/team-members/{id} (name and access). */
export const saveTeamMember = (
  args: { id: number; values: EditMemberInput } | { id?: undefined; values: InviteInput },
) =>
  args.id === undefined
    ? api.post('/api/team-members', { body: args.values })
    : api.put('/api/team-members/{id}', { path: { id: args.id }, body: args.values });

export function useSaveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
