import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { finishSimulatedCheckout } from '../../features/membership/api/membership';
import { toastFailure } from '../../lib/toasts/from-result';
import '../../features/membership/membership.css';

/** The plan a simulator session is for (its readable part; the server checks the whole). */
function planOf(session: string): string | null {
  try {
    const body = JSON.parse(atob((session.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { plan?: unknown };
    return typeof body.plan === 'string' ? body.plan : null;
  } catch {
    return null;
  }
}

/**
 * /checkout-simulator: embedded mode's stand-in for Stripe Checkout. Completing sends a signed
 * subscription webhook through the API's webhook path; cancelling returns to /membership.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = params.get('session') ?? '';
  const plan = planOf(session);
  const [busy, setBusy] = useState(false);

  const finish = async (outcome: 'complete' | 'cancel') => {
    setBusy(true);
    const result = await finishSimulatedCheckout(session, outcome);
    setBusy(false);
    if (!result.ok) {
      toastFailure(result.failure, { title: 'Checkout Simulator' });
      return;
    }
    await navigate(outcome === 'complete' ? `/subscription_success?plan=${result.envelope.data?.plan ?? plan ?? ''}` : '/membership');
  };

  return (
    <TerminalWindow path="~/checkout" title="checkout simulator">
      <PromptLine command={`checkout --plan ${plan ?? '?'}`} />
      <p className="output simulator__notice">
        this is a local checkout simulator: no payment provider is configured and no card is charged.
      </p>
      {plan ? (
        <p className="output">
          plan: <strong>{plan}</strong>, billed monthly
        </p>
      ) : (
        <p className="output output--err">this checkout link is not valid.</p>
      )}
      <div className="actions">
        <button type="button" className="btn btn--primary" disabled={busy || !plan} onClick={() => void finish('complete')}>
          {busy ? 'processing...' : 'complete payment'}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void finish('cancel')}>
          cancel checkout
        </button>
      </div>
    </TerminalWindow>
  );
}
