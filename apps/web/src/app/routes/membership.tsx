import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { PlanList } from '../../features/membership/components/plan-list';
import { useMe } from '../../lib/session/store';

/** /membership: the member's plan, the plans and prices of spec §9, checkout and the billing portal. */
export function Component() {
  const me = useMe();
  const tier = me?.tier.slug ?? 'free';
  return (
    <TerminalWindow path="~/membership" title="membership">
      <PromptLine command="membership --status" />
      <p className="output">
        current plan: <strong>{tier}</strong>
      </p>
      <PlanList tier={tier} />
    </TerminalWindow>
  );
}
