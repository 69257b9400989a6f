import type { Member, Team } from '@roam/contract/team';
import { type OperatorRole, rolesOfTeam } from '@roam/contract/team';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '#web/ui/confirm';
import { CheckboxField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import '#web/console/components/admin.css';
import { useEndMemberSessions, useRemoveMember, useTeam, useTeamPolicy, useUpdateMember } from './api/team';
import { BranchPicker } from './branch-picker';
import { InviteMemberForm } from './invite-member-form';
import './team.css';

/**
 * The team (docs/decisions/0010-members-of-a-business.md): an owner's business or the admin's platform — its people,
 * their roles and an invitation. A suspension or a removal signs the person out at once (the server ends their
 * sessions); the business's own account stays its owner. The rule that every member signs in in two steps
 * (`PUT /api/team-policy`): a member without it is led through its set-up at their next sign-in (the account
 * settings, `features/account/two-step/`).
 */
export function TeamScreen() {
  const { t } = useTranslation();
  const team = useTeam();
  if (team.isError) return <Page title={t('operatorTeam.title')} description={t('operatorTeam.error')} />;
  if (!team.data) return <PageLoading />;
  return (
    <Page title={t('operatorTeam.title')} description={t('operatorTeam.description')}>
      <Members team={team.data} />
      <TwoStepPolicy team={team.data} />
      <InviteMemberForm businessId={team.data.businessId} />
    </Page>
  );
}

function Members({ team }: { team: Team }) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const endSessions = useEndMemberSessions();
  const { dialog, ask } = useConfirm();
  const roles = rolesOfTeam(team.businessId);
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch {
      toast.error(t('operatorTeam.error'));
    }
  };
  const onRole = (member: Member, role: OperatorRole) =>
    act(
      () => update.mutateAsync({ id: member._id, role }),
      t('operatorTeam.roleChanged', { name: member.fullName, role: t(`operator.roles.${role}`) }),
    );
  const onBranches = (member: Member, branchIds: string[]) =>
    act(
      () => update.mutateAsync({ id: member._id, branchIds }),
      t('operatorTeam.branchesChanged', { name: member.fullName }),
    );
  const onStatus = (member: Member) => {
    const status = member.status === 'suspended' ? 'active' : 'suspended';
    const done = status === 'active' ? 'operatorTeam.reactivated' : 'operatorTeam.suspendedDone';
    return act(() => update.mutateAsync({ id: member._id, status }), t(done, { name: member.fullName }));
  };
  const onRemove = async (member: Member) => {
    const yes = await ask({
      title: t('operatorTeam.removeQuestion', { name: member.fullName }),
      description: t('operatorTeam.removeDescription'),
      confirmLabel: t('operatorTeam.remove'),
    });
    if (yes) await act(() => remove.mutateAsync(member._id), t('operatorTeam.removed', { name: member.fullName }));
  };
  return (
    <section className="admin-section" aria-labelledby="team-members">
      <h2 id="team-members">{t('operatorTeam.members')}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table team-table">
          <thead>
            <tr>
              <th scope="col">{t('operatorTeam.name')}</th>
              <th scope="col">{t('operatorTeam.role')}</th>
              {team.businessId ? <th scope="col">{t('operatorTeam.branches')}</th> : null}
              <th scope="col">{t('operatorTeam.status')}</th>
              <th scope="col">{t('operatorTeam.twoFactor')}</th>
              <th scope="col">{t('operatorTeam.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member._id}>
                <th scope="row">
                  {member.fullName}
                  <br />
                  <small>{member.email}</small>
                </th>
                <td>
                  {member.founder ? (
                    `${t(`operator.roles.${member.role}`)} · ${t('operatorTeam.founder')}`
                  ) : (
                    <select
                      className="text-field"
                      aria-label={t('operatorTeam.roleOf', { name: member.fullName })}
                      value={member.role}
                      onChange={(event) => onRole(member, event.currentTarget.value as OperatorRole)}
                    >
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {t(`operator.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                {team.businessId ? (
                  <td>
                    {member.founder ? (
                      t('operatorTeam.allBranches')
                    ) : (
                      <BranchPicker
                        member={member}
                        places={team.places}
                        onChange={(branchIds) => onBranches(member, branchIds)}
                      />
                    )}
                  </td>
                ) : null}
                <td>{t(`operatorTeam.statuses.${member.status}`)}</td>
                <td>{member.twoFactor ? t('operatorTeam.on') : t('operatorTeam.off')}</td>
                <td>
                  {member.founder ? null : (
                    <div className="admin-actions">
                      <button type="button" className="button button--secondary" onClick={() => onStatus(member)}>
                        {member.status === 'suspended' ? t('operatorTeam.reactivate') : t('operatorTeam.suspend')}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() =>
                          act(
                            () => endSessions.mutateAsync(member._id),
                            t('operatorTeam.sessionsEnded', { name: member.fullName }),
                          )
                        }
                      >
                        {t('operatorTeam.endSessions')}
                      </button>
                      <button type="button" className="button button--secondary" onClick={() => onRemove(member)}>
                        {t('operatorTeam.remove')}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog}
    </section>
  );
}

/** "Require two-step sign-in for members": the team's rule, the owner's (or the admin's for the platform). */
function TwoStepPolicy({ team }: { team: Team }) {
  const { t } = useTranslation();
  const id = useId();
  const policy = useTeamPolicy();
  const on = policy.isPending ? Boolean(policy.variables?.requireTwoFactor) : team.requireTwoFactor;
  const change = (requireTwoFactor: boolean) =>
    policy.mutate(
      { requireTwoFactor, ...(team.businessId ? { businessId: team.businessId } : {}) },
      {
        onSuccess: () => toast.success(t(requireTwoFactor ? 'operatorTeam.policyOn' : 'operatorTeam.policyOff')),
        onError: () => toast.error(t('operatorTeam.error')),
      },
    );
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('operatorTeam.policy')}</h2>
      <CheckboxField
        name="requireTwoFactor"
        label={t('operatorTeam.requireTwoStep')}
        description={t('operatorTeam.requireTwoStepHint')}
        value={on}
        onChange={change}
      />
    </section>
  );
}
