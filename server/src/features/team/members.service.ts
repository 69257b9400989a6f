import type { InviteMember, Member, Team, TeamPolicy, UpdateMember } from '@roam/contract/team';
import { rolesOfTeam } from '@roam/contract/team';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { changesBetween, recordAudit } from '#server/features/audit/audit.service.ts';
import { createInvitedAccount, reinviteAccount, sendInvitation } from '#server/features/auth/account.service.ts';
import { updateUser } from '#server/features/auth/auth.repository.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { revokeSessions, type SessionUser } from '#server/plugins/session.ts';
import * as repository from './team.repository.ts';

// The members of a team (docs/decisions/0010-members-of-a-business.md): an owner manages their business's,
// the admin any business's and the platform's. Every change is audited in its own transaction, and a suspension or
// a removal ends the person's sessions in it: their next call is refused.

const FORBIDDEN = () => new AppError('FORBIDDEN', 'Not allowed.');
const NOT_FOUND = () => new AppError('NOT_FOUND', 'Member not found.');
const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: [message] });

type ManagedTeam = { businessId: string | null; name: string };

/** The team `actor` manages: an owner their own business; the admin the business they name, else the platform. */
async function managedTeam(ctx: AppContext, actor: SessionUser, named: string | undefined): Promise<ManagedTeam> {
  if (actor.businessId !== null) {
    if (named && named !== actor.businessId) throw FORBIDDEN();
    const business = await repository.findBusiness(ctx.db, actor.businessId);
    return { businessId: actor.businessId, name: business?.name ?? (await siteName(ctx)) };
  }
  if (!named) return { businessId: null, name: await siteName(ctx) };
  const business = await repository.findBusiness(ctx.db, named);
  if (!business) throw new AppError('NOT_FOUND', 'Business not found.');
  return { businessId: business.id, name: business.name };
}

function toMember(record: repository.MemberRecord, businessId: string | null): Member {
  // The house business's owner is an admin account (docs/decisions/0013-…): its founder, as a business's own account.
  const founder = record.role === null || (record.type === 'admin' && record.role === 'owner');
  const status = record.status === 'suspended' ? 'suspended' : record.hasPassword ? 'active' : 'invited';
  return {
    _id: record.id,
    fullName: record.fullName,
    email: record.email,
    role: founder ? (businessId === null ? 'admin' : 'owner') : (record.role ?? 'owner'),
    branchIds: record.branchIds ?? [],
    status,
    founder,
    twoFactor: record.twoFactor,
    invitedAt: (record.invitedAt ?? record.createdAt).toISOString(),
    joinedAt: record.verifiedAt?.toISOString() ?? null,
  };
}

async function readMembers(db: DbOrTx, businessId: string | null): Promise<Member[]> {
  return (await repository.teamMembers(db, businessId)).map((record) => toMember(record, businessId));
}

/** `GET /api/team`: the team's people and its policy. */
export async function readTeam(ctx: AppContext, actor: SessionUser, named: string | undefined): Promise<Team> {
  const team = await managedTeam(ctx, actor, named);
  const [members, requireTwoFactor] = await Promise.all([
    readMembers(ctx.db, team.businessId),
    repository.teamPolicy(ctx.db, team.businessId),
  ]);
  return {
    businessId: team.businessId,
    members,
    requireTwoFactor,
    places: await branchPlaces(ctx.db, team.businessId, members),
  };
}

/**
 * A branch is one of the business's places (where its cars are picked up). A branch the member already has stays
 * allowed (`kept`): a car moved or deleted since does not lock the member's row. Refused: 400 naming each place
 * that is not the business's (a location's name, else the id given).
 */
async function checkBranches(db: DbOrTx, businessId: string | null, branchIds: string[], kept: string[] = []) {
  if (branchIds.length === 0) return;
  if (businessId === null) throw invalid('branchIds', 'The platform has no branches.');
  const places = new Set([...(await repository.businessPlaces(db, businessId)), ...kept]);
  const outside = [...new Set(branchIds)].filter((id) => !places.has(id));
  if (outside.length === 0) return;
  const names = await repository.locationNames(db, outside);
  const named = outside.map((id) => names.get(id) ?? id).join(', ');
  throw invalid('branchIds', `Not a place of this business's cars: ${named}.`);
}

/** The places a member of the team may be limited to: the business's, and any a member still has. */
async function branchPlaces(db: DbOrTx, businessId: string | null, members: Member[]): Promise<string[]> {
  if (businessId === null) return [];
  const places = new Set(await repository.businessPlaces(db, businessId));
  for (const member of members) for (const id of member.branchIds) places.add(id);
  return [...places];
}

function checkRole(businessId: string | null, role: string) {
  if (!rolesOfTeam(businessId).includes(role as never)) throw invalid('role', 'This role is not one of this team.');
}

/**
 * `POST /api/invite-member`: a new account for the person (a supplier account for a business, an admin account for
 * the platform), without a password, its membership, and the one-time link e-mailed after the commit (the supplier
 * invitation's mechanism). An address already registered is refused (409): a person belongs to one team.
 */
export async function inviteMember(ctx: AppContext, actor: SessionUser, body: InviteMember): Promise<Member> {
  const team = await managedTeam(ctx, actor, body.businessId);
  checkRole(team.businessId, body.role);
  await checkBranches(ctx.db, team.businessId, body.branchIds);
  const invited = await ctx.db.transaction(async (tx) => {
    const created = await createInvitedAccount(ctx, tx, {
      type: team.businessId === null ? 'admin' : 'supplier',
      email: body.email,
      fullName: body.fullName,
      language: body.language,
    });
    const membership = { role: body.role, branchIds: [...new Set(body.branchIds)], status: 'invited' as const };
    await repository.insertMembership(tx, {
      userId: created.user.id,
      businessId: team.businessId,
      invitedBy: actor.id,
      ...membership,
    });
    await recordAudit(ctx, tx, actor, {
      entity: 'member',
      entityId: created.user.id,
      action: 'invite',
      ...(team.businessId ? { supplierId: team.businessId } : {}),
      changes: changesBetween(null, { email: body.email, fullName: body.fullName, ...membership }),
    });
    return created;
  });
  await sendInvitation(ctx, invited, team.name);
  const member = (await readMembers(ctx.db, team.businessId)).find((m) => m._id === invited.user.id);
  return member!;
}

/** The membership `actor` may change: in a team they manage, not their own, not a founder's (409). */
async function changeable(tx: DbOrTx, actor: SessionUser, userId: string) {
  const membership = await repository.lockMembership(tx, userId);
  if (!membership) {
    const founder = (await repository.teamMembers(tx, actor.businessId)).some((m) => m.id === userId);
    if (founder) throw new AppError('CONFLICT', "The team's own account stays its owner.");
    throw NOT_FOUND();
  }
  if (actor.businessId !== null && membership.businessId !== actor.businessId) throw NOT_FOUND();
  // An admin's membership of a business is the house business's ownership (decision 0013): it stays the admin's.
  if (membership.businessId !== null && (await repository.isAdminAccount(tx, userId)))
    throw new AppError('CONFLICT', "The team's own account stays its owner.");
  if (membership.userId === actor.id) throw new AppError('CONFLICT', 'You cannot change your own membership.');
  return membership;
}

/** `PUT /api/update-member/{id}`: role, branches, suspended or active; a suspension ends their sessions at once. */
export async function updateMember(
  ctx: AppContext,
  actor: SessionUser,
  userId: string,
  body: UpdateMember,
): Promise<Member> {
  const businessId = await ctx.db.transaction(async (tx) => {
    const membership = await changeable(tx, actor, userId);
    if (body.role !== undefined) checkRole(membership.businessId, body.role);
    if (body.branchIds !== undefined)
      await checkBranches(tx, membership.businessId, body.branchIds, membership.branchIds);
    const before = { role: membership.role, branchIds: membership.branchIds, status: membership.status };
    const after = {
      role: body.role ?? before.role,
      branchIds: body.branchIds ? [...new Set(body.branchIds)] : before.branchIds,
      status: body.status ?? before.status,
    };
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length === 0) return membership.businessId;
    await repository.updateMembership(tx, userId, after);
    if (after.status === 'suspended') await revokeSessions(tx, userId);
    await recordAudit(ctx, tx, actor, {
      entity: 'member',
      entityId: userId,
      action: 'update',
      ...(membership.businessId ? { supplierId: membership.businessId } : {}),
      changes,
    });
    return membership.businessId;
  });
  return (await readMembers(ctx.db, businessId)).find((m) => m._id === userId)!;
}

/**
 * `DELETE /api/remove-member/{id}`: the person leaves the team, their sessions end, and their account becomes a
 * driver's (their own e-mail and password; nothing of the business is theirs any more).
 */
export async function removeMember(ctx: AppContext, actor: SessionUser, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const membership = await changeable(tx, actor, userId);
    await repository.deleteMembership(tx, userId);
    await updateUser(tx, userId, { type: 'user' });
    await revokeSessions(tx, userId);
    await recordAudit(ctx, tx, actor, {
      entity: 'member',
      entityId: userId,
      action: 'delete',
      ...(membership.businessId ? { supplierId: membership.businessId } : {}),
      changes: changesBetween(
        { role: membership.role, branchIds: membership.branchIds, status: membership.status },
        null,
      ),
    });
  });
}

/** `POST /api/resend-member-invitation/{id}`: a new link for a member who has not chosen a password yet. */
export async function resendMemberInvitation(ctx: AppContext, actor: SessionUser, userId: string): Promise<void> {
  const membership = await repository.findMembership(ctx.db, userId);
  if (!membership || (actor.businessId !== null && membership.businessId !== actor.businessId)) throw NOT_FOUND();
  const team = await managedTeam(ctx, actor, membership.businessId ?? undefined);
  await reinviteAccount(ctx, userId, team.name);
}

/** `PUT /api/team-policy`: whether the team's members must sign in with a second factor. */
export async function setTeamPolicy(ctx: AppContext, actor: SessionUser, body: TeamPolicy): Promise<Team> {
  const team = await managedTeam(ctx, actor, body.businessId);
  await ctx.db.transaction(async (tx) => {
    const before = await repository.teamPolicy(tx, team.businessId);
    if (before === body.requireTwoFactor) return;
    await repository.setTeamPolicy(tx, team.businessId, body.requireTwoFactor);
    await recordAudit(ctx, tx, actor, {
      entity: 'team',
      entityId: team.businessId ?? actor.id,
      action: 'update',
      ...(team.businessId ? { supplierId: team.businessId } : {}),
      changes: { requireTwoFactor: { before, after: body.requireTwoFactor } },
    });
  });
  return readTeam(ctx, actor, team.businessId ?? undefined);
}
