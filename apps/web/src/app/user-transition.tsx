import { useEffect, useState } from 'react';
import type { Params } from 'react-router';
import { proxy, useSnapshot } from 'valtio';
import { PROMPT } from '../components/ui/prompt-line';
import { isRouteHandle } from './titles';

/** Typing speed, how long the finished command stays, and the fade that follows. */
const TYPE_MS_PER_CHAR = 22;
const HOLD_MS = 260;
const FADE_MS = 220;

interface MatchLike {
  params: Params;
  route: { handle?: unknown };
}

/**
 * Spec §2: moving to another user's pages plays a terminal transition that types the command the
 * page stands for (`profile --user {name} --data {kind}`, `track --user {name} --id {id}`). It
 * plays when the user differs from the one whose pages were shown last.
 */
const transition = proxy({ command: null as string | null, run: 0 });
let lastUser: string | null = null;

function userPageOf(matches: readonly MatchLike[]): { username: string; command: string } | null {
  const match = [...matches].reverse().find((m) => isRouteHandle(m.route.handle));
  const handle = match?.route.handle;
  if (!match || !isRouteHandle(handle) || !handle.userPage || !match.params.username) return null;
  return { username: match.params.username, command: handle.command?.(match.params) ?? `profile --user ${match.params.username}` };
}

/** Called by the router before a new route renders. */
export function noteNavigation(matches: readonly MatchLike[], options: { play: boolean }): void {
  const next = userPageOf(matches);
  if (!next) return;
  if (options.play && next.username !== lastUser) {
    transition.command = next.command;
    transition.run += 1;
  }
  lastUser = next.username;
}

export function UserTransition() {
  const { command, run } = useSnapshot(transition);
  if (!command) return null;
  return <TypedCommand key={run} command={command} />;
}

function TypedCommand({ command }: { command: string }) {
  const still = typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [typed, setTyped] = useState(still ? command.length : 0);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (typed < command.length) {
      const timer = setTimeout(() => setTyped((n) => n + 1), TYPE_MS_PER_CHAR);
      return () => clearTimeout(timer);
    }
    const hold = setTimeout(() => setLeaving(true), HOLD_MS);
    const done = setTimeout(() => {
      transition.command = null;
    }, HOLD_MS + FADE_MS);
    return () => {
      clearTimeout(hold);
      clearTimeout(done);
    };
  }, [typed, command]);

  return (
    <div className={`transition ${leaving ? 'transition--leaving' : ''}`} aria-hidden="true" data-testid="user-transition">
      <p className="transition__line">
        <span className="prompt">{PROMPT}</span> {command.slice(0, typed)}
        <span className="cursor" />
      </p>
      {typed >= command.length && <p className="transition__line output--muted">loading{'.'.repeat(3)}</p>}
    </div>
  );
}
