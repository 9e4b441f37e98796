import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { confirmEmail } from '../../features/auth/api/account-settings';
import { renewSession } from '../../lib/session/lifecycle';
import { isSignedIn } from '../../lib/session/store';

type Outcome = { state: 'pending' } | { state: 'ok'; email: string } | { state: 'error'; text: string };

/**
 * /confirm-email?token=: the link mailed to a new address. Opening it changes the account's email,
 * signed in or not; a signed-in tab then shows the new address.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });

  useEffect(() => {
    let cancelled = false;
    void confirmEmail(token).then(async (result) => {
      if (cancelled) return;
      if (!result.ok) {
        const text = result.failure.kind === 'http' ? result.failure.envelope.msg?.description ?? 'An unexpected error occurred' : 'Unable to connect to the server';
        setOutcome({ state: 'error', text });
        return;
      }
      if (isSignedIn()) await renewSession({ force: true });
      if (!cancelled) setOutcome({ state: 'ok', email: result.envelope.data!.email });
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <TerminalWindow path="~/account/email" title="confirm email">
      <PromptLine command="account --confirm-email" />
      {outcome.state === 'pending' && <p className="output output--muted">[..] confirming</p>}
      {outcome.state === 'ok' && (
        <p className="output output--ok" role="status">
          <span className="tag tag--ok">[ok]</span> your email is now {outcome.email}.
        </p>
      )}
      {outcome.state === 'error' && (
        <p className="output output--err" role="alert">
          {outcome.text}
        </p>
      )}
      <p>
        <Link to="/">cd ~ (back to home)</Link>
      </p>
    </TerminalWindow>
  );
}
