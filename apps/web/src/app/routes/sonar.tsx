import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { SonarRoom } from '../../features/sonar/components/sonar-room';

/** /sonar: the realtime chat room. */
export function Component() {
  return (
    <TerminalWindow path="~/sonar" title="sonar">
      <PromptLine command="sonar --room default" />
      <SonarRoom />
    </TerminalWindow>
  );
}
