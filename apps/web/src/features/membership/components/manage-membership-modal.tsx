import { ModalFrame } from '../../../components/ui/modal-frame';
import { PromptLine } from '../../../components/ui/prompt-line';
import { useMe } from '../../../lib/session/store';
import { PlanList } from './plan-list';

/** The manageMembership modal (spec §2): the plans and prices of spec §9, checkout and the billing portal. */
export function Component({ onClose }: { onClose: () => void }) {
  const me = useMe();
  const tier = me?.tier.slug ?? 'free';
  return (
    <ModalFrame title="membership" onClose={onClose} wide>
      <PromptLine command="membership --plans" />
      <p className="output">
        current plan: <strong>{tier}</strong>
      </p>
      <PlanList tier={tier} />
    </ModalFrame>
  );
}
