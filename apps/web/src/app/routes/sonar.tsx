import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { SonarRoom } from '../../features/sonar/components/sonar-room';
import { useRoomId } from '../../features/sonar/room-id';

/** /sonar: the realtime chat room. */
export function Component() {
  const room = useRoomId();
  return (
    <TerminalWindow path="~/sonar" title="sonar">
      <PromptLine command={`sonar --room ${room}`} />
      <SonarRoom />
    </TerminalWindow>
  );
}
