import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { renewSession } from '../../lib/session/lifecycle';
import { useMe } from '../../lib/session/store';

/**
 * /subscription_success: where checkout returns. The tier comes from the webhook, so the session
 * is renewed (which brings the member's `me` with the new tier) until it shows the plan paid for.
 */
export function Component() {
  const [params] = useSearchParams();
  const wanted = params.get('plan');
  const me = useMe();
  const tier = me?.tier.slug ?? 'free';
  const [waiting, setWaiting] = useState(true);
  const arrived = wanted === null || tier === wanted;

  useEffect(() => {
    if (arrived) {
      setWaiting(false);
      return;
    }
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts += 1;
      void renewSession({ force: true });
      if (attempts >= 10) {
        window.clearInterval(timer);
        setWaiting(false);
      }
    }, 1500);
    void renewSession({ force: true });
    return () => window.clearInterval(timer);
  }, [arrived]);

  return (
    <TerminalWindow path="~/membership" title="subscription">
      <PromptLine command="membership --status" />
      {wanted === null ? (
        <p className="output" role="status">
          you are on the <strong>{tier}</strong> plan.
        </p>
      ) : arrived ? (
        <p className="output output--ok" role="status">
          [OK] subscription active: you are on the <strong>{tier}</strong> plan.
        </p>
      ) : waiting ? (
        <p className="output output--muted" role="status">
          [..] confirming your payment...
        </p>
      ) : (
        <p className="output output--muted" role="status">
          your payment is still being confirmed; your plan changes as soon as it is.
        </p>
      )}
      <p>
        <Link to="/membership">back to membership</Link>
      </p>
    </TerminalWindow>
  );
}
