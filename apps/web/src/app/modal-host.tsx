import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useSnapshot } from 'valtio';
import { ComingSoon } from '../components/ui/coming-soon';
import { ModalFrame } from '../components/ui/modal-frame';
import { useReturnFocus } from '../hooks/use-return-focus';
import type { ModalName, ModalProps } from '../lib/modals/registry';
import { closeModal, modals } from '../lib/modals/store';

type ModalComponent<N extends ModalName> = LazyExoticComponent<ComponentType<ModalProps[N] & { onClose: () => void }>>;

/**
 * The components of the registered modals (lib/modals/registry.ts), each loaded when first
 * opened. A feature's modal module exports `Component`, which renders a ModalFrame and takes the
 * modal's props plus `onClose`.
 */
const COMPONENTS: { [N in ModalName]?: ModalComponent<N> } = {
  login: lazy(() => import('../features/auth/components/login-modal').then((m) => ({ default: m.Component }))),
  manageInvites: lazy(() => import('../features/invites/components/manage-invites-modal').then((m) => ({ default: m.Component }))),
  queueList: lazy(() => import('../features/player/components/queue-list-modal').then((m) => ({ default: m.Component }))),
  historyList: lazy(() => import('../features/player/components/history-list-modal').then((m) => ({ default: m.Component }))),
  manageTrackUpload: lazy(() => import('../features/tracks/components/upload-modal').then((m) => ({ default: m.Component }))),
  manageTrackEdit: lazy(() => import('../features/tracks/components/edit-modal').then((m) => ({ default: m.Component }))),
  deleteTrack: lazy(() => import('../features/tracks/components/delete-track-modal').then((m) => ({ default: m.Component }))),
  manageBio: lazy(() => import('../features/profiles/components/bio-modal').then((m) => ({ default: m.Component }))),
  manageDisplayName: lazy(() => import('../features/profiles/components/display-name-modal').then((m) => ({ default: m.Component }))),
  manageAvatar: lazy(() => import('../features/profiles/components/image-modal').then((m) => ({ default: m.AvatarModal }))),
  manageBanner: lazy(() => import('../features/profiles/components/image-modal').then((m) => ({ default: m.BannerModal }))),
  manageLinks: lazy(() => import('../features/profiles/components/links-modal').then((m) => ({ default: m.Component }))),
  manageConfig: lazy(() => import('../features/profiles/components/config-modal').then((m) => ({ default: m.Component }))),
  manageAccount: lazy(() => import('../features/auth/components/account-modal').then((m) => ({ default: m.Component }))),
  externalLinkWarning: lazy(() => import('../features/profiles/components/external-link-warning-modal').then((m) => ({ default: m.Component }))),
  deleteComment: lazy(() => import('../features/tracks/components/delete-comment-modal').then((m) => ({ default: m.Component }))),
  sonarEditMessage: lazy(() => import('../features/sonar/components/edit-message-modal').then((m) => ({ default: m.Component }))),
  manageCollectionCreate: lazy(() => import('../features/collections/components/collection-form-modal').then((m) => ({ default: m.CreateModal }))),
  collectionEdit: lazy(() => import('../features/collections/components/collection-form-modal').then((m) => ({ default: m.EditModal }))),
  deleteCollection: lazy(() => import('../features/collections/components/delete-collection-modal').then((m) => ({ default: m.Component }))),
  manageTrackCollections: lazy(() => import('../features/collections/components/track-collections-modal').then((m) => ({ default: m.Component }))),
  manageCollectionTracks: lazy(() => import('../features/collections/components/collection-tracks-modal').then((m) => ({ default: m.Component }))),
  manageAlbumCreate: lazy(() => import('../features/albums/components/album-form-modal').then((m) => ({ default: m.CreateModal }))),
  manageAlbumEdit: lazy(() => import('../features/albums/components/album-form-modal').then((m) => ({ default: m.EditModal }))),
  deleteAlbum: lazy(() => import('../features/albums/components/delete-album-modal').then((m) => ({ default: m.Component }))),
  removeFromLibrary: lazy(() => import('../features/library/components/remove-from-library-modal').then((m) => ({ default: m.Component }))),
  sendMessage: lazy(() => import('../features/messages/components/send-message-modal').then((m) => ({ default: m.Component }))),
  manageNews: lazy(() => import('../features/news/components/manage-news-modal').then((m) => ({ default: m.Component }))),
  deleteNews: lazy(() => import('../features/news/components/delete-news-modal').then((m) => ({ default: m.Component }))),
  sonarDeleteMessage: lazy(() => import('../features/sonar/components/delete-message-modal').then((m) => ({ default: m.Component }))),
  commandPalette: lazy(() => import('../features/palette/components/command-palette').then((m) => ({ default: m.Component }))),
  manageMembership: lazy(() => import('../features/membership/components/manage-membership-modal').then((m) => ({ default: m.Component }))),
  contactSupport: lazy(() => import('../features/support/components/contact-support-modal').then((m) => ({ default: m.Component }))),
  legalDocuments: lazy(() => import('../features/support/components/legal-documents-modal').then((m) => ({ default: m.Component }))),
};

/** Shows the open modal, and gives focus back to what opened it when it closes. */
export function ModalHost() {
  const { current } = useSnapshot(modals);
  useReturnFocus(current?.key ?? null);
  if (!current) return null;
  const View = COMPONENTS[current.name] as ComponentType<Record<string, unknown> & { onClose: () => void }> | undefined;
  const loading = (
    <ModalFrame title="loading" onClose={closeModal}>
      <p className="output output--muted">[..] loading</p>
    </ModalFrame>
  );
  return (
    <Suspense fallback={loading}>
      {View ? (
        <View key={current.key} {...(current.props as Record<string, unknown>)} onClose={closeModal} />
      ) : (
        <ModalFrame title={current.name} onClose={closeModal}>
          <ComingSoon command={`modal --open ${current.name}`} />
        </ModalFrame>
      )}
    </Suspense>
  );
}
