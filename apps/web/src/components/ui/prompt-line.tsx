import type { ReactNode } from 'react';

export const PROMPT = 'stardeck:~$';

/** A shell prompt with an optional command; without one it shows the blinking cursor. */
export function PromptLine({ command }: { command?: ReactNode }) {
  return (
    <p className="prompt-line">
      <span className="prompt">{PROMPT}</span>{' '}
      {command ?? <span className="cursor" aria-hidden="true" />}
    </p>
  );
}
