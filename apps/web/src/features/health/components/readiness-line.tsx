import { useReadiness, type ReadinessState } from '../api/get-readiness';

const LINES: Record<ReadinessState, { tag: string; text: string; tone: string }> = {
  checking: { tag: '[..]', text: 'checking api', tone: 'muted' },
  ready: { tag: '[OK]', text: 'api ready', tone: 'ok' },
  'not-ready': { tag: '[ERR]', text: 'api not ready', tone: 'err' },
  unreachable: { tag: '[ERR]', text: 'api unreachable', tone: 'err' },
};

/** One terminal output line saying whether the API is ready; announced politely when it changes. */
export function ReadinessLine() {
  const line = LINES[useReadiness()];
  return (
    <p className={`output output--${line.tone}`} role="status">
      {line.tag} {line.text}
    </p>
  );
}
