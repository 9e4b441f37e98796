import { Link, useLocation } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function Component() {
  useDocumentTitle('not found');
  const { pathname } = useLocation();
  return (
    <main className="terminal" aria-labelledby="not-found-title">
      <h1 id="not-found-title">404: page not found</h1>
      <PromptLine command={`cd ${pathname}`} />
      <p className="output output--err">cd: {pathname}: no such file or directory</p>
      <p>
        <Link to="/">cd ~ (back to home)</Link>
      </p>
    </main>
  );
}
