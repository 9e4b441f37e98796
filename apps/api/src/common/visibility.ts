import type { AlbumVisibility, CollectionVisibility, TrackStatus, TrackVisibility } from '@stardeck/contracts';
import type { Database } from '@stardeck/infra';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';

/** Whoever is asking: a signed-in member, or null for a visitor. */
export type Viewer = { id: string } | null;

interface TrackFacts {
  user_id: string;
  visibility: TrackVisibility;
  status: TrackStatus;
}

/**
 * Who may see a track, in one place. Opening (a single read, a play) and listing are different
 * questions: an unlisted track opens for anyone with its link but is never listed to others.
 * Someone else's private or failed track answers exactly like a missing one.
 *
 * Each rule comes twice, as a function for a row already read and as a Kysely expression for
 * lists, and the two are tested against each other.
 */
export const trackVisibility = {
  /** May `viewer` open this track: the owner always; anyone else if not private and not failed. */
  canView(track: TrackFacts, viewer: Viewer): boolean {
    if (viewer && track.user_id === viewer.id) return true;
    return track.visibility !== 'private' && track.status !== 'failed';
  },

  /** May this track appear in a list `viewer` reads: the owner's own always; others' only public and ready. */
  canList(track: TrackFacts, viewer: Viewer): boolean {
    if (viewer && track.user_id === viewer.id) return true;
    return track.visibility === 'public' && track.status === 'ready';
  },

  /**
   * May someone who holds its link but is not signed in open it (the listen page, the embedded
   * player and its audio): public or unlisted, and ready to play.
   */
  canOpenByLink(track: TrackFacts): boolean {
    return track.visibility !== 'private' && track.status === 'ready';
  },

  /** canView as a condition on the `tracks` table. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'tracks'>): Expression<SqlBool> => {
      const open = eb.and([eb('tracks.visibility', '!=', 'private'), eb('tracks.status', '!=', 'failed')]);
      return viewer ? eb.or([eb('tracks.user_id', '=', viewer.id), open]) : open;
    };
  },

  /** canList as a condition on the `tracks` table. */
  listedTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'tracks'>): Expression<SqlBool> => {
      const listed = eb.and([eb('tracks.visibility', '=', 'public'), eb('tracks.status', '=', 'ready')]);
      return viewer ? eb.or([eb('tracks.user_id', '=', viewer.id), listed]) : listed;
    };
  },

  /** Only what is listed to everyone (explore, random tracks), whoever asks. */
  listedToEveryone() {
    return (eb: ExpressionBuilder<Database, 'tracks'>): Expression<SqlBool> =>
      eb.and([eb('tracks.visibility', '=', 'public'), eb('tracks.status', '=', 'ready')]);
  },

  /**
   * May this track show in a member's own list (a library, a collection) that `viewer` reads. The
   * list's owner sees every track they may open, someone's unlisted track they saved included;
   * everyone else sees only what is listed to them, so a list never spreads an unlisted link.
   */
  canShowInListOf(track: TrackFacts, listOwnerId: string, viewer: Viewer): boolean {
    return viewer?.id === listOwnerId ? trackVisibility.canView(track, viewer) : trackVisibility.canList(track, viewer);
  },

  /** canShowInListOf as a condition on the `tracks` table, for one list owner. */
  shownInListOf(listOwnerId: string, viewer: Viewer) {
    return viewer?.id === listOwnerId ? trackVisibility.visibleTo(viewer) : trackVisibility.listedTo(viewer);
  },

  /** canShowInListOf with the list's owner read from `collections.user_id`, for lists of many collections. */
  shownInCollection(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'tracks' | 'collections'>): Expression<SqlBool> => {
      const listed = trackVisibility.listedTo(viewer)(eb);
      if (!viewer) return listed;
      return eb.or([listed, eb.and([eb('collections.user_id', '=', viewer.id), trackVisibility.visibleTo(viewer)(eb)])]);
    };
  },

  /** canShowInListOf with the list's owner read from `library_entries.user_id`, for a library counted in a larger query. */
  shownInLibrary(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'tracks' | 'library_entries'>): Expression<SqlBool> => {
      const listed = trackVisibility.listedTo(viewer)(eb);
      if (!viewer) return listed;
      return eb.or([listed, eb.and([eb('library_entries.user_id', '=', viewer.id), trackVisibility.visibleTo(viewer)(eb)])]);
    };
  },
};

interface CollectionFacts {
  user_id: string;
  visibility: CollectionVisibility;
}

/**
 * Who may see a collection. A private one is its owner's alone (admins included, anyone else
 * gets the answer of a missing one); an unlisted one opens for anyone with its link and is listed
 * to nobody else. What a collection shows of its tracks follows trackVisibility.shownInListOf.
 */
export const collectionVisibility = {
  canView(collection: CollectionFacts, viewer: Viewer): boolean {
    return (viewer !== null && collection.user_id === viewer.id) || collection.visibility !== 'private';
  },

  canList(collection: CollectionFacts, viewer: Viewer): boolean {
    return (viewer !== null && collection.user_id === viewer.id) || collection.visibility === 'public';
  },

  /** canView as a condition on the `collections` table. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'collections'>): Expression<SqlBool> => {
      const open = eb('collections.visibility', '!=', 'private');
      return viewer ? eb.or([eb('collections.user_id', '=', viewer.id), open]) : open;
    };
  },

  /** canList as a condition on the `collections` table. */
  listedTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'collections'>): Expression<SqlBool> => {
      const listed = eb('collections.visibility', '=', 'public');
      return viewer ? eb.or([eb('collections.user_id', '=', viewer.id), listed]) : listed;
    };
  },
};

interface AlbumFacts {
  user_id: string;
  visibility: AlbumVisibility;
}

/**
 * Who may see an album: as a collection, a private one is its owner's alone (anyone else gets the
 * answer of a missing one) and an unlisted one opens for anyone with its link but is listed to
 * nobody else. What it shows of its tracks follows trackVisibility.shownInListOf, so a public
 * album never spreads the link of an unlisted track, and each viewer's track numbers and running
 * time count only what they see.
 */
export const albumVisibility = {
  canView(album: AlbumFacts, viewer: Viewer): boolean {
    return (viewer !== null && album.user_id === viewer.id) || album.visibility !== 'private';
  },

  canList(album: AlbumFacts, viewer: Viewer): boolean {
    return (viewer !== null && album.user_id === viewer.id) || album.visibility === 'public';
  },

  /** canView as a condition on the `albums` table. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'albums'>): Expression<SqlBool> => {
      const open = eb('albums.visibility', '!=', 'private');
      return viewer ? eb.or([eb('albums.user_id', '=', viewer.id), open]) : open;
    };
  },

  /** canList as a condition on the `albums` table. */
  listedTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'albums'>): Expression<SqlBool> => {
      const listed = eb('albums.visibility', '=', 'public');
      return viewer ? eb.or([eb('albums.user_id', '=', viewer.id), listed]) : listed;
    };
  },

  /** trackVisibility.shownInListOf with the list's owner read from `albums.user_id`, for lists of many albums. */
  tracksShownTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'tracks' | 'albums'>): Expression<SqlBool> => {
      const listed = trackVisibility.listedTo(viewer)(eb);
      if (!viewer) return listed;
      return eb.or([listed, eb.and([eb('albums.user_id', '=', viewer.id), trackVisibility.visibleTo(viewer)(eb)])]);
    };
  },
};

/**
 * A comment is seen by whoever may see its track: opening a track shows its comments, and lists
 * across tracks (a member's comments) show those on tracks listed to the viewer.
 */
export const commentVisibility = {
  canView(comment: { track: TrackFacts }, viewer: Viewer): boolean {
    return trackVisibility.canView(comment.track, viewer);
  },

  canList(comment: { track: TrackFacts }, viewer: Viewer): boolean {
    return trackVisibility.canList(comment.track, viewer);
  },

  /** canView as a condition on the `comments` table. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'comments'>): Expression<SqlBool> =>
      eb.exists(eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.id', '=', 'comments.track_id').where(trackVisibility.visibleTo(viewer)));
  },

  /** canList as a condition on the `comments` table. */
  listedTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'comments'>): Expression<SqlBool> =>
      eb.exists(eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.id', '=', 'comments.track_id').where(trackVisibility.listedTo(viewer)));
  },
};

/**
 * A notification is its recipient's alone, and shows only while the recipient may open what it is
 * about: a reply on a track that has since turned private to them, or a deleted comment, hides it
 * (it shows again if the track opens again). Notifications are only ever read as lists (a page, a
 * count, the one a push names), so the rule comes as an expression only.
 */
export const notificationVisibility = {
  /** As a condition on the `notifications` table; a visitor has none. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'notifications'>): Expression<SqlBool> => {
      if (!viewer) return sql<SqlBool>`false`;
      const track = eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.id', '=', 'notifications.track_id').where(trackVisibility.visibleTo(viewer));
      const comment = eb.selectFrom('comments').select('comments.id').whereRef('comments.id', '=', 'notifications.comment_id');
      const collection = eb.selectFrom('collections').select('collections.id').whereRef('collections.id', '=', 'notifications.collection_id')
        .where(collectionVisibility.visibleTo(viewer));
      const album = eb.selectFrom('albums').select('albums.id').whereRef('albums.id', '=', 'notifications.album_id')
        .where(albumVisibility.visibleTo(viewer));
      return eb.and([
        eb('notifications.recipient_id', '=', viewer.id),
        eb.or([eb('notifications.track_id', 'is', null), eb.exists(track)]),
        eb.or([eb('notifications.comment_id', 'is', null), eb.exists(comment)]),
        eb.or([eb('notifications.collection_id', 'is', null), eb.exists(collection)]),
        eb.or([eb('notifications.album_id', 'is', null), eb.exists(album)]),
      ]);
    };
  },
};

/**
 * Sonar rooms are open to every signed-in member and to nobody else: a visitor cannot read a
 * room's history or join it. Rows are chat messages of the room asked for.
 */
export const chatVisibility = {
  canView(_room: { room_id: string }, viewer: Viewer): boolean {
    return viewer !== null;
  },

  /** canView as a condition on the `chat_messages` table. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'chat_messages'>): Expression<SqlBool> => (viewer ? eb.lit(true) : sql<SqlBool>`false`);
  },
};

/**
 * A conversation and its messages are its two members' alone: anyone else, admins included, gets
 * the answer of a missing conversation. Lists read a member's own rows of `conversation_members`.
 */
export const conversationVisibility = {
  canView(conversation: { participant_ids: readonly string[] }, viewer: Viewer): boolean {
    return viewer !== null && conversation.participant_ids.includes(viewer.id);
  },

  /** canView as a condition on the `conversation_members` table: the viewer's own rows. */
  listedTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'conversation_members'>): Expression<SqlBool> =>
      (viewer ? eb('conversation_members.user_id', '=', viewer.id) : sql<SqlBool>`false`);
  },

  /** canView as a condition on the `direct_messages` table. */
  messagesVisibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'direct_messages'>): Expression<SqlBool> => {
      if (!viewer) return sql<SqlBool>`false`;
      return eb.exists(eb.selectFrom('conversation_members').select('conversation_members.user_id')
        .whereRef('conversation_members.conversation_id', '=', 'direct_messages.conversation_id').where('conversation_members.user_id', '=', viewer.id));
    };
  },
};

/**
 * News is for signed-in members: they see published public posts. Drafts and private posts are
 * read only through the admins' management calls, which the admin guard closes to everyone else.
 */
export const newsVisibility = {
  canView(post: { status: string; visibility: string }, viewer: Viewer): boolean {
    return viewer !== null && post.status === 'published' && post.visibility === 'public';
  },

  /** canView as a condition on the `news_posts` table. */
  visibleTo(viewer: Viewer) {
    return (eb: ExpressionBuilder<Database, 'news_posts'>): Expression<SqlBool> =>
      (viewer ? eb.and([eb('news_posts.status', '=', 'published'), eb('news_posts.visibility', '=', 'public')]) : sql<SqlBool>`false`);
  },
};

/** `true` as an expression, for optional filters. */
export const always = sql<SqlBool>`true`;
