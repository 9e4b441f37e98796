/**
 * Spec §2 modal registry: every modal's name, the data it opens with, and its rules. The app maps
 * names to components (app/modal-host.tsx); this file only says what each one needs.
 *
 * To add a modal: give it props here (ids as the API spells them), a rule below, and a component
 * in app/modal-host.tsx. A modal whose component is not built yet opens as a "coming soon" panel.
 */
type Id = number | string;
/** A modal that opens with nothing. */
type NoProps = Record<never, never>;

/** The login modal opens in the mode its data selects (spec §2). */
export interface LoginModalProps {
  resetToken?: string;
  verificationToken?: string;
  inviteToken?: string;
  requestAccess?: boolean;
  /** Path to go to after login instead of /discover (the redirect query of a required route). */
  redirectTo?: string;
  /** Called when create_account succeeds. */
  onAccountCreated?: () => void;
}

export interface ModalProps {
  manageBio: NoProps;
  manageDisplayName: NoProps;
  manageAvatar: NoProps;
  manageBanner: NoProps;
  manageLinks: NoProps;
  manageInvites: NoProps;
  manageTrackUpload: NoProps;
  manageTrackEdit: { trackId: Id };
  manageConfig: NoProps;
  manageAccount: NoProps;
  deleteTrack: { trackId: Id; title?: string };
  deleteComment: { commentId: Id; trackId?: Id };
  manageCollectionCreate: NoProps;
  deleteCollection: { collectionId: Id; name?: string };
  collectionEdit: { collectionId: Id };
  manageTrackCollections: { trackId: Id; title?: string };
  manageCollectionTracks: { collectionId: Id; collectionName: string };
  manageAlbumCreate: NoProps;
  manageAlbumEdit: { albumId: Id };
  deleteAlbum: { albumId: Id; title?: string };
  removeFromLibrary: { trackId: Id; title?: string };
  sendMessage: { recipientUsername: string };
  queueList: NoProps;
  historyList: NoProps;
  manageMembership: NoProps;
  login: LoginModalProps;
  manageNews: { post?: { id: Id; title: string; content: string } };
  deleteNews: { post: { id: Id; title: string } };
  legalDocuments: { tab?: 'terms' | 'privacy' | 'guidelines' };
  contactSupport: { tab?: 'support' | 'feedback' | 'issue' };
  externalLinkWarning: { url: string };
  sonarEditMessage: { messageId: Id; content: string };
  sonarDeleteMessage: { messageId: Id; content: string };
  commandPalette: NoProps;
}

export type ModalName = keyof ModalProps;

export interface ModalRule<N extends ModalName> {
  /** Opens for visitors too; every other modal needs a signed-in member. */
  public?: boolean;
  /** Stays open when the route changes. */
  persistent?: boolean;
  /** Why the modal cannot open with these props (and whether signed in), or null when it can. */
  refuse?: (props: ModalProps[N], signedIn: boolean) => string | null;
}

const isPositiveId = (id: unknown): boolean =>
  (typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && /^[1-9]\d*$/.test(id));

const hasToken = (props: LoginModalProps): boolean => Boolean(props.resetToken || props.verificationToken || props.inviteToken);

export const MODAL_RULES: { [N in ModalName]: ModalRule<N> } = {
  manageBio: {},
  manageDisplayName: {},
  manageAvatar: {},
  manageBanner: {},
  manageLinks: {},
  manageInvites: { persistent: true },
  manageTrackUpload: { persistent: true },
  manageTrackEdit: { persistent: true, refuse: (props) => (isPositiveId(props.trackId) ? null : 'No track ID provided') },
  manageConfig: { persistent: true },
  manageAccount: {},
  deleteTrack: {},
  deleteComment: {},
  manageCollectionCreate: { persistent: true },
  deleteCollection: { refuse: (props) => (isPositiveId(props.collectionId) ? null : 'No collection ID provided') },
  collectionEdit: { persistent: true, refuse: (props) => (isPositiveId(props.collectionId) ? null : 'No collection ID provided') },
  manageTrackCollections: { refuse: (props) => (isPositiveId(props.trackId) ? null : 'No track ID provided') },
  manageCollectionTracks: {
    persistent: true,
    refuse: (props) => (props.collectionId !== undefined && props.collectionId !== '' && props.collectionName ? null : 'No collection ID provided'),
  },
  manageAlbumCreate: { persistent: true },
  manageAlbumEdit: { persistent: true, refuse: (props) => (isPositiveId(props.albumId) ? null : 'No album ID provided') },
  deleteAlbum: { refuse: (props) => (isPositiveId(props.albumId) ? null : 'No album ID provided') },
  removeFromLibrary: { refuse: (props) => (isPositiveId(props.trackId) ? null : 'No track ID provided') },
  sendMessage: {},
  queueList: {},
  historyList: {},
  manageMembership: {},
  login: {
    public: true,
    // A member following a mailed link while signed in still gets the link's mode.
    refuse: (props, signedIn) => (signedIn && !hasToken(props) ? 'Already signed in' : null),
  },
  manageNews: {
    persistent: true,
    // Creating needs nothing; editing needs the post it edits.
    refuse: (props) => (props.post && !(props.post.id && props.post.title !== undefined) ? 'No news post provided' : null),
  },
  deleteNews: {},
  legalDocuments: { public: true },
  contactSupport: {},
  externalLinkWarning: {},
  sonarEditMessage: {},
  sonarDeleteMessage: {},
  // Visitors jump to the public pages and tags from it too.
  commandPalette: { public: true },
};
