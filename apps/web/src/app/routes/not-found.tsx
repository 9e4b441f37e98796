import { Link, useLocation } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';

export function Component() {
  const { pathname } = useLocation();
  return (
    <TerminalWindow path={pathname} title="404: page not found">
      <PromptLine command={`cd ${pathname}`} />
      <p className="output output--err">cd: {pathname}: no such file or directory</p>
      <p>
        <Link to="/">cd ~ (back to home)</Link>
      </p>
      <PromptLine />
    </TerminalWindow>
  );
}
