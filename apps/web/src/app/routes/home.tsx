import { PromptLine } from '../../components/ui/prompt-line';
import { ReadinessLine } from '../../features/health/components/readiness-line';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function Component() {
  useDocumentTitle('home');
  return (
    <main className="terminal" aria-labelledby="home-title">
      <h1 id="home-title">stardeck</h1>
      <p className="tagline">
        a terminal-style social audio platform: upload tracks, build collections, follow members and chat in sonar.
      </p>
      <PromptLine command="status --api" />
      <ReadinessLine />
      <PromptLine />
    </main>
  );
}
