import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ReadinessLine } from '../../features/health/components/readiness-line';
import { openModal } from '../../lib/modals/store';
import { useMe } from '../../lib/session/store';
import { loginFromLocation } from '../login-from-location';

export function Component() {
  const location = useLocation();
  const me = useMe();
  useEffect(() => {
    const props = loginFromLocation(location.pathname, location.search, location.state);
    if (props) openModal('login', props);
  }, [location.key, location.pathname, location.search, location.state]);

  return (
    <TerminalWindow path="~" title="stardeck" className="home">
      <p className="tagline">a terminal-style social audio platform: upload tracks, build collections, follow members and chat in sonar.</p>
      <PromptLine command="status --api" />
      <ReadinessLine />
      <PromptLine command="ls ~/features" />
      <ul className="listing">
        <li>
          <span className="listing__name">tracks/</span> upload, transcoded and drawn as waveforms
        </li>
        <li>
          <span className="listing__name">comments/</span> pinned to a moment of the waveform
        </li>
        <li>
          <span className="listing__name">collections/</span> build them, follow others&apos;
        </li>
        <li>
          <span className="listing__name">sonar/</span> a live chat room for everyone aboard
        </li>
      </ul>
      {me ? (
        // A member sees home only when discover failed to load (its preload sends them here).
        <>
          <PromptLine command="discover" />
          <p className="output output--muted">discover could not be loaded just now.</p>
          <div className="actions">
            <Link className="btn btn--primary" to="/discover">try discover again</Link>
          </div>
        </>
      ) : (
        <>
          <PromptLine command="join" />
          <p className="output output--muted">stardeck grows by invitation. members log in; everyone else joins the waitlist.</p>
          <div className="actions">
            <button type="button" className="btn btn--primary" onClick={() => openModal('login')}>
              login
            </button>
            <button type="button" className="btn" onClick={() => openModal('login', { requestAccess: true })}>
              join the waitlist
            </button>
          </div>
        </>
      )}
      <PromptLine />
    </TerminalWindow>
  );
}
