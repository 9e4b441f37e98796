import { PromptLine } from './prompt-line';

/**
 * What a route shows until its screen is built: the command it stands for and a plain terminal
 * answer. Not a mock of the screen: nothing here pretends to be data.
 */
export function ComingSoon({ command }: { command: string }) {
  return (
    <>
      <PromptLine command={command} />
      <p className="output output--muted">
        <span className="tag tag--wait">[..]</span> {command.split(' ')[0]}: coming soon
      </p>
      <p className="output output--muted">this screen is not built yet. the route, its access rule and its title are in place.</p>
      <PromptLine />
    </>
  );
}
