import type { StreamReplay } from '@stardeck/contracts/browser';
import { useLoaderData, useNavigate } from 'react-router';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getStream } from '../../../features/admin/api/get-stream';
import { StreamView } from '../../../features/admin/components/stream-view';
import { adminHandle, adminLoader, isNotAdmin, numberParam } from './admin-loader';

export const handle = adminHandle('stream', (p) => `replay ${p.stream}`);
export const loader = adminLoader(({ params, request }) => {
  const search = new URL(request.url).searchParams;
  return getStream(params.stream!, { as_of: numberParam(search.get('as_of')), compare: numberParam(search.get('compare')) }, request.signal);
});

/** /admin/streams/{stream}: its history and its state as of any version. */
export function Component() {
  const replay = useLoaderData() as StreamReplay | null;
  const navigate = useNavigate();
  if (!replay || isNotAdmin(replay)) return null;
  const path = `/admin/streams/${encodeURIComponent(replay.stream_id)}`;
  return (
    <TerminalWindow path={`~/admin/streams/${replay.stream_id}`} title={`stream ${replay.stream_id}`}>
      <StreamView
        key={`${replay.as_of}:${replay.compare?.version ?? ''}`}
        replay={replay}
        onVersions={({ as_of, compare }) => navigate(`${path}?as_of=${as_of}${compare === undefined ? '' : `&compare=${compare}`}`)}
      />
    </TerminalWindow>
  );
}
