import type { TrackView } from '@stardeck/contracts/browser';
import './listen.css';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { openModal } from '../../lib/modals/store';
import type { ListenData } from '../listen-loader';

/**
 * /listen/{username}/{id} (public): where a shared link leads a visitor. The embedded player, the
 * title, artist and artwork, and a way in: login (back to the member's track page) or the
 * waitlist. A link that opens nothing (private, missing, not ready) says so.
 */
export function Component() {
  const data = useLoaderData() as ListenData;
  if (!data.track) return <Missing path={data.path} />;
  const track: TrackView = data.track;
  const artist = track.display_name?.trim() || track.username;
  return (
    <TerminalWindow path={`~/listen/${track.username}/${track.id}`} title={track.title} className="listen">
      <PromptLine command={`play --user ${track.username} --id ${track.id}`} />
      <div className="listen__track">
        <img className="listen__artwork" src={track.artwork} alt={`artwork of ${track.title}`} width={160} height={160} />
        <div className="listen__meta">
          <p className="listen__artist">by {artist}</p>
          {track.description && <p className="listen__description">{track.description}</p>}
        </div>
      </div>
      <iframe className="listen__player" src={`/embed/tracks/${track.id}`} title={`player: ${track.title}`} allow="autoplay" />
      <PromptLine command="join" />
      <p className="output output--muted">comment at a moment of the track, save it, follow {artist} and chat in sonar: stardeck grows by invitation.</p>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => openModal('login', { redirectTo: `/${track.username}/tracks/${track.id}` })}>
          login
        </button>
        <button type="button" className="btn" onClick={() => openModal('login', { requestAccess: true })}>
          join the waitlist
        </button>
      </div>
    </TerminalWindow>
  );
}

function Missing({ path }: { path: string }) {
  return (
    <TerminalWindow path={`~${path}`} title="track not found">
      <PromptLine command="play" />
      <p className="output output--err">This track is not here: it may be private, or it was deleted.</p>
      <div className="actions">
        <button type="button" className="btn" onClick={() => openModal('login', { requestAccess: true })}>
          join the waitlist
        </button>
      </div>
    </TerminalWindow>
  );
}
