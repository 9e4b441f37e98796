import type { MemberTier } from '@stardeck/contracts';
import { expect } from 'vitest';
import { bearer, call, type Session, type SocialWorld } from '../social/helpers';
import request from 'supertest';

/** An admin moves the member to another tier; their next request sees it. */
export async function setTier(world: SocialWorld, member: Session, tier: MemberTier): Promise<void> {
  const res = await request(world.url).put(`/v1/admin/users/${member.me.id}/tier`).set(bearer(world.admin)).send({ tier });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function createAlbum(world: SocialWorld, session: Session, fields: Record<string, unknown>): Promise<number> {
  const res = await call(world, session, 'post', '/v1/albums', { title: 'Low Tide', visibility: 'public', ...fields });
  if (res.status !== 201) throw new Error(`album not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.album.id as number;
}
