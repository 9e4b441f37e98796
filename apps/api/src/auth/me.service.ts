import { Injectable } from '@nestjs/common';
import { DEFAULT_USER_CONFIG, TIERS, type Me, type TierDefinition, type TierSlug } from '@stardeck/contracts';
import type { UserRow } from './accounts.repository';

/** The tier that applies to a user: the admin role always gets the admin tier. */
export function tierOf(user: Pick<UserRow, 'role' | 'tier'>): TierDefinition {
  if (user.role === 'admin') return TIERS.admin;
  return TIERS[user.tier as TierSlug] ?? TIERS.free;
}

/** The spec §3 Me object, returned by login and sync as the body field `me`. */
@Injectable()
export class MeService {
  toMe(user: UserRow): Me {
    const tier = tierOf(user);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      display_name: user.display_name,
      slug: user.slug,
      tier: { slug: tier.slug, features: { infinite_mode: tier.features.infinite_mode } },
      config: { ...DEFAULT_USER_CONFIG, ...(user.config as Partial<Me['config']>) },
      // Notifications arrive with their own module; until then there is nothing unread.
      notification_count: 0,
      limits: { invite: tier.invites },
    };
  }
}
