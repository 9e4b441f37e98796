import { MEMBER_TIERS, STREAMING_QUALITIES, TIERS, profileStreamIds, streamIds } from '@stardeck/contracts';
import { accessRequestDecider } from '../access-requests/access-requests.decider';
import { accountDecider } from '../accounts/accounts.decider';
import { inviteDecider } from '../invites/invites.decider';
import { profileDecider } from '../profiles/profile.decider';
import { accessRequestsProjection } from '../projections/access-requests/access-requests.projection';
import { invitesProjection } from '../projections/invites/invites.projection';
import { profilesProjection } from '../projections/profiles/profiles.projection';
import { usersProjection } from '../projections/users/users.projection';
import { meta, type SyntheticMember, type World } from './world';

/** The account that answers access requests and changes tiers. */
export async function registerAdmin(world: Pick<World, 'writer' | 'random' | 'passwordHash'>, label: string): Promise<SyntheticMember> {
  const admin: SyntheticMember = { id: world.random.uuid(), username: `admin${label}`, email: `admin.${label}@example.com`, tier: 'free', verified: true };
  await world.writer.decide(accountDecider, usersProjection, streamIds.user(admin.id), {
    type: 'RegisterAccount', user_id: admin.id, email: admin.email, username: admin.username, password_hash: world.passwordHash,
    role: 'admin', invite_id: null, pre_verified: true,
  }, meta('system'));
  return admin;
}

async function createInvite(world: World, inviter: SyntheticMember, accessRequestId: string | null): Promise<string> {
  const inviteId = world.random.uuid();
  await world.writer.decide(inviteDecider, invitesProjection, streamIds.invite(inviteId), {
    type: 'CreateInvite', invite_id: inviteId, key: world.random.hex(16), inviter_id: inviter.id, access_request_id: accessRequestId,
    outstanding: 0, limit: null,
  }, meta(inviter));
  return inviteId;
}

/**
 * One sign-up as the API makes it: through the waitlist (a request an admin answers with an
 * invite) or through a member's invite; the account redeems the invite and, usually, verifies.
 */
export async function signUp(world: World, index: number): Promise<SyntheticMember> {
  const { random, writer } = world;
  let inviteId: string;
  if (world.members.length < 5 || random.chance(70)) {
    const requestId = random.uuid();
    await writer.decide(accessRequestDecider, accessRequestsProjection, streamIds.accessRequest(requestId), {
      type: 'RequestAccess', request_id: requestId, email: `listener${index}.${world.admin.username}@example.com`, url: `https://example.com/${index}`,
      message: random.chance(50) ? 'let me in' : null,
    }, meta('anonymous'));
    inviteId = await createInvite(world, world.admin, requestId);
    await writer.decide(accessRequestDecider, accessRequestsProjection, streamIds.accessRequest(requestId), {
      type: 'InviteRequester', invite_id: inviteId, admin_id: world.admin.id,
    }, meta(world.admin));
  } else {
    inviteId = await createInvite(world, random.pick(world.members), null);
  }
  const member: SyntheticMember = {
    id: random.uuid(), username: `m${index}x${world.admin.username.slice(5)}`, email: `listener${index}.${world.admin.username}@example.com`,
    tier: 'free', verified: false,
  };
  await writer.decide(accountDecider, usersProjection, streamIds.user(member.id), {
    type: 'RegisterAccount', user_id: member.id, email: member.email, username: member.username, password_hash: world.passwordHash,
    role: 'member', invite_id: inviteId, pre_verified: false,
  }, meta('anonymous'));
  await writer.decide(inviteDecider, invitesProjection, streamIds.invite(inviteId), { type: 'RedeemInvite', user_id: member.id }, meta('anonymous'));
  // A few never open their verification mail.
  if (random.chance(95)) {
    await writer.decide(accountDecider, usersProjection, streamIds.user(member.id), { type: 'VerifyAccount' }, meta(member));
    member.verified = true;
  }
  return member;
}

/** Loose ends of the waitlist and invites: requests never answered, invites made and deleted or left unused. */
export async function waitlistLeftovers(world: World, count: number): Promise<void> {
  const { random, writer } = world;
  for (let i = 0; i < count; i++) {
    const requestId = random.uuid();
    await writer.decide(accessRequestDecider, accessRequestsProjection, streamIds.accessRequest(requestId), {
      type: 'RequestAccess', request_id: requestId, email: `waiting${i}.${world.admin.username}@example.com`, url: 'https://example.com/me', message: null,
    }, meta('anonymous'));
    const inviter = random.pick(world.members);
    const inviteId = await createInvite(world, inviter, null);
    if (random.chance(60)) await writer.decide(inviteDecider, invitesProjection, streamIds.invite(inviteId), { type: 'DeleteInvite', actor_id: inviter.id }, meta(inviter));
  }
}

/** Tiers an admin sets, a password reset now and then, and the profile a member fills in. */
export async function settleIn(world: World, member: SyntheticMember): Promise<void> {
  const { random, writer } = world;
  const stream = profileStreamIds.profile(member.id);
  if (random.chance(25)) {
    const tier = random.pick(MEMBER_TIERS);
    await writer.decide(accountDecider, usersProjection, streamIds.user(member.id), { type: 'ChangeTier', tier, by: world.admin.id }, meta(world.admin));
    member.tier = tier;
  }
  if (random.chance(2)) {
    await writer.decide(accountDecider, usersProjection, streamIds.user(member.id), { type: 'ChangePassword', password_hash: world.passwordHash, reason: 'reset' }, meta(member));
  }
  if (random.chance(80)) {
    await writer.decide(profileDecider, profilesProjection, stream, { type: 'ChangeDisplayName', user_id: member.id, display_name: `Listener ${member.username}` }, meta(member));
  }
  if (random.chance(50)) {
    await writer.decide(profileDecider, profilesProjection, stream, { type: 'ChangeBio', user_id: member.id, bio: `sounds from room ${random.int(1, 999)}` }, meta(member));
  }
  if (random.chance(30)) {
    await writer.decide(profileDecider, profilesProjection, stream, {
      type: 'ChangeConfig', user_id: member.id, tier: TIERS[member.tier],
      changes: { streaming_quality: random.pick(STREAMING_QUALITIES), share_listening_history: random.chance(70), motd: random.chance(30) ? 'on air' : null },
    }, meta(member));
  }
  if (random.chance(20)) {
    const links = Array.from({ length: random.int(1, 3) }, (_, i) => ({
      id: random.uuid(), title: i === 0 ? 'home' : null, url: `https://example.com/${member.username}/${i}`, is_primary: i === 0,
    }));
    await writer.decide(profileDecider, profilesProjection, stream, { type: 'ReplaceLinks', user_id: member.id, links }, meta(member));
  }
  if (random.chance(15)) {
    await writer.decide(profileDecider, profilesProjection, stream, {
      type: 'ChangeAvatar', user_id: member.id, key: `avatars/${member.id}/${random.uuid()}.webp`, mimetype: 'image/webp',
    }, meta(member));
  }
  if (random.chance(5)) {
    await writer.decide(profileDecider, profilesProjection, stream, {
      type: 'ChangeBanner', user_id: member.id, key: `banners/${member.id}/${random.uuid()}.webp`, mimetype: 'image/webp',
    }, meta(member));
  }
}
