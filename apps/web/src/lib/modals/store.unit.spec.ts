import { beforeEach, describe, expect, it } from 'vitest';
import { aMember } from '../../testing/fake-fetch';
import { adoptSession, resetSession } from '../session/store';
import { closeModal, closeOnRouteChange, modals, openModal, reset } from './store';

const signIn = () => adoptSession('token', aMember());

describe('modal registry rules (spec §2)', () => {
  beforeEach(() => {
    reset();
    resetSession();
  });

  it('opens only login and legal documents for a visitor', () => {
    expect(openModal('manageInvites')).toEqual({ opened: false, reason: 'Authentication required' });
    expect(modals.current).toBeNull();
    expect(openModal('legalDocuments', { tab: 'privacy' })).toEqual({ opened: true });
    expect(openModal('login')).toEqual({ opened: true });
    expect(modals.current).toMatchObject({ name: 'login' });
  });

  it('refuses the login modal to a member, unless it carries a mailed token', () => {
    signIn();
    expect(openModal('login')).toEqual({ opened: false, reason: 'Already signed in' });
    expect(openModal('login', { verificationToken: 'abc' })).toEqual({ opened: true });
  });

  it('refuses track edit, collection tracks and news edit without their id or data', () => {
    signIn();
    expect(openModal('manageTrackEdit', { trackId: 0 })).toEqual({ opened: false, reason: 'No track ID provided' });
    expect(openModal('manageTrackEdit', { trackId: 'abc' })).toEqual({ opened: false, reason: 'No track ID provided' });
    expect(openModal('manageCollectionTracks', { collectionId: 4, collectionName: '' })).toEqual({ opened: false, reason: 'No collection ID provided' });
    expect(openModal('manageTrackCollections', { trackId: 0 })).toEqual({ opened: false, reason: 'No track ID provided' });
    expect(openModal('removeFromLibrary', { trackId: '' })).toEqual({ opened: false, reason: 'No track ID provided' });
    expect(openModal('collectionEdit', { collectionId: -1 })).toEqual({ opened: false, reason: 'No collection ID provided' });
    expect(openModal('manageNews', { post: { id: '', title: 'x', content: 'y' } })).toEqual({ opened: false, reason: 'No news post provided' });
    expect(modals.current).toBeNull();
    expect(openModal('manageTrackEdit', { trackId: 42 })).toEqual({ opened: true });
    expect(openModal('manageNews')).toEqual({ opened: true });
  });

  it('keeps persistent modals open across a route change and closes the others', () => {
    signIn();
    openModal('manageInvites');
    closeOnRouteChange();
    expect(modals.current).toMatchObject({ name: 'manageInvites' });
    openModal('queueList');
    closeOnRouteChange();
    expect(modals.current).toBeNull();
  });

  it('closes on request and on reset (logout), and each opening gets a new key', () => {
    signIn();
    openModal('historyList');
    const first = modals.current!.key;
    openModal('historyList');
    expect(modals.current!.key).not.toBe(first);
    closeModal();
    expect(modals.current).toBeNull();
    openModal('manageConfig');
    reset();
    expect(modals.current).toBeNull();
  });
});
