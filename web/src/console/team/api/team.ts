import type { AuditPage } from '@roam/contract/audit';
import type { Ok } from '@roam/contract/auth';
import type { ActivityQuery, InviteMember, Member, Team, TeamPolicy, UpdateMember } from '@roam/contract/team';
import { type Access, defaultRoleOf, type Permission, ROLE_PERMISSIONS } from '@roam/contract/team';
import type { UserType } from '@roam/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { readStoredUser, useSession } from '#web/lib/session';

// The team's calls (docs/decisions/0010-members-of-a-business.md): who the signed-in operator is, their team, and an
// owner's changes to it. The server decides every call; the console only hides what a role cannot do.

export const accessQueryOptions = queryOptions({
  queryKey: ['my-access'] as const,
  queryFn: ({ signal }) => api.get<Access>('/api/my-access', { signal }),
  staleTime: 5 * 60_000,
  // Unanswered, the account's type stands in (below): a screen waits on no retries.
  retry: false,
});

/** The permissions of an account that is no member (its type's default role), until `my-access` answers. */
export function permissionsOfType(type: UserType | undefined): readonly Permission[] {
  const role = type ? defaultRoleOf(type) : null;
  return role ? ROLE_PERMISSIONS[role] : [];
}

/**
 * What the signed-in operator may do, from the contract's table: their role's permissions once `my-access` answers,
 * and until then those of their account's type (a business account is its owner, an admin account the admin), so
 * that the navigation does not jump for the common case.
 */
export function usePermissions(): ReadonlySet<Permission> {
  const session = useSession();
  // While this page load's session check runs, the stored user (console-layout.tsx does the same).
  const user = session.user ?? (session.isLoading ? readStoredUser() : null);
  const access = useQuery({ ...accessQueryOptions, enabled: Boolean(user) });
  return new Set(access.data ? access.data.permissions : permissionsOfType(user?.type));
}

export function useTeam() {
  return useQuery({
    queryKey: ['team'] as const,
    queryFn: ({ signal }) => api.get<Team>('/api/team', { signal }),
  });
}

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['team'] });
}

export function useInviteMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (body: InviteMember) => api.post<Member>('/api/invite-member', body),
    onSuccess: refresh,
  });
}

export function useUpdateMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateMember & { id: string }) => api.put<Member>(`/api/update-member/${id}`, body),
    onSuccess: refresh,
  });
}

export function useRemoveMember() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok>(`/api/remove-member/${id}`),
    onSuccess: refresh,
  });
}

/** `PUT /api/team-policy`: whether the team's members must sign in in two steps. */
export function useTeamPolicy() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (body: TeamPolicy) => api.put<Team>('/api/team-policy', body),
    onSuccess: refresh,
  });
}

/** `POST /api/activity/{page}/{size}`: who changed what, by person, entity and period; the last page kept meanwhile. */
export const activityQueryOptions = (query: ActivityQuery, page: number, size: number) =>
  queryOptions({
    queryKey: ['activity', query, page, size] as const,
    queryFn: ({ signal }) => api.post<AuditPage>(`/api/activity/${page}/${size}`, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** `DELETE /api/member-sessions/{id}`: signs a member out everywhere at once. */
export function useEndMemberSessions() {
  return useMutation({ mutationFn: (id: string) => api.delete<Ok>(`/api/member-sessions/${id}`) });
}
