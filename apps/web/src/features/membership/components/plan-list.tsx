import { MEMBERSHIP_MSG, PLAN_OFFERS, type PaidPlan, type TierSlug } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { loadPlans, openPortal, startCheckout, useMembership } from '../store';
import '../membership.css';

const RANK: Record<TierSlug, number> = { free: 0, core: 1, premium: 2, admin: 3 };
const gigabytes = (mb: number) => `${mb / 1024} GB`;

/**
 * Spec §9 plans and prices. A member can check out any paid plan above their tier; a paying member
 * changes or cancels their plan in the billing portal. A server without a payment provider sells
 * nothing: its paid plans show as unavailable.
 */
export function PlanList({ tier }: { tier: TierSlug }) {
  const { busy, paidPlansAvailable } = useMembership();
  useEffect(() => {
    void loadPlans();
  }, []);
  const paying = tier === 'core' || tier === 'premium';
  const unavailable = paidPlansAvailable === false;
  return (
    <div className="plans">
      <ul className="plans__list">
        {PLAN_OFFERS.map((plan) => {
          const current = plan.slug === tier;
          return (
            <li key={plan.slug} className={`plan${current ? ' plan--current' : ''}`} aria-label={`${plan.name} plan`}>
              <h3 className="plan__name">
                {plan.name} {current && <span className="tag tag--ok">[current]</span>}
              </h3>
              <p className="plan__price">{plan.priceUsd === 0 ? '$0' : `$${plan.priceUsd}/month`}</p>
              <ul className="plan__features">
                <li>{gigabytes(plan.storageMb)} storage</li>
                <li>{plan.invites} invites</li>
                <li>{plan.quality} quality streaming</li>
                {plan.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
              {plan.slug !== 'free' && unavailable && !current && (
                <p className="output output--muted plan__unavailable">[{MEMBERSHIP_MSG.unavailableLabel}]</p>
              )}
              {plan.slug !== 'free' && !unavailable && !current && RANK[plan.slug] > RANK[tier] && !paying && (
                <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => void startCheckout(plan.slug as PaidPlan)}>
                  {busy === plan.slug ? 'opening checkout...' : `upgrade to ${plan.name}`}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {unavailable && <p className="output output--muted">{MEMBERSHIP_MSG.unavailable}.</p>}
      {paying && !unavailable && (
        <div className="actions">
          <button type="button" className="btn" disabled={busy !== null} onClick={() => void openPortal()}>
            {busy === 'portal' ? 'opening portal...' : 'manage billing'}
          </button>
          <p className="output output--muted">change or cancel your plan in the billing portal.</p>
        </div>
      )}
      {tier === 'admin' && <p className="output output--muted">admins have every feature; there is nothing to buy.</p>}
    </div>
  );
}
