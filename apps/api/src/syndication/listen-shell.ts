import type { FastifyReply } from 'fastify';
import type { SyndicationService } from './syndication.service';

/**
 * A listen page is the app shell with the track's link-preview tags in its head (link unfurlers
 * run no script). The page itself is drawn by the client; a link that opens nothing gets the
 * bare shell, whose page says the track is missing.
 */
export async function sendListenShell(reply: FastifyReply, shell: string, syndication: SyndicationService, match: RegExpExecArray): Promise<FastifyReply> {
  let username: string;
  try {
    username = decodeURIComponent(match[1]!);
  } catch {
    username = '';
  }
  const head = username ? await syndication.listenHead(username, Number(match[2])) : null;
  const html = head ? shell.replace('</head>', `${head}\n</head>`) : shell;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}
