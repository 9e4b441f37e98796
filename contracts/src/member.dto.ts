import { IsIn } from 'class-validator';
import { MEMBER_TIERS, type MemberTier } from './limits';
import { Rules } from './rules';

/** PUT /v1/admin/users/{id}/tier */
export class SetTierDto {
  @Rules(IsIn(MEMBER_TIERS, { message: `tier must be one of ${MEMBER_TIERS.join(', ')}` })) tier!: MemberTier;
}
