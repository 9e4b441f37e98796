import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { cancelSimulatedSubscription } from '../../features/membership/api/membership';
import { renewSession } from '../../lib/session/lifecycle';
import { useMe } from '../../lib/session/store';
import { toastFailure } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import '../../features/membership/membership.css';

/** /billing-simulator: embedded mode's stand-in for Stripe's billing portal. */
export function Component() {
  const me = useMe();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const tier = me?.tier.slug ?? 'free';

  const cancel = async () => {
    setBusy(true);
    const result = await cancelSimulatedSubscription();
    setBusy(false);
    if (!result.ok) {
      toastFailure(result.failure, { title: 'Billing Simulator' });
      return;
    }
    await renewSession({ force: true });
    showToast({ kind: 'success', title: 'Membership', description: 'Subscription cancelled' });
    await navigate('/membership');
  };

  return (
    <TerminalWindow path="~/billing" title="billing portal simulator">
      <PromptLine command="billing --portal" />
      <p className="output simulator__notice">this is a local billing portal simulator: no payment provider is configured.</p>
      <p className="output">
        current plan: <strong>{tier}</strong>
      </p>
      <div className="actions">
        <button type="button" className="btn btn--danger" disabled={busy || (tier !== 'core' && tier !== 'premium')} onClick={() => void cancel()}>
          {busy ? 'cancelling...' : 'cancel subscription'}
        </button>
        <Link to="/membership" className="btn">
          return to stardeck
        </Link>
      </div>
    </TerminalWindow>
  );
}
