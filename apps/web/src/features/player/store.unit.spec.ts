import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reset as resetComments } from '../../lib/comments/store';
import { adoptSession, resetSession } from '../../lib/session/store';
import { aMember, fakeApi, ok } from '../../testing/fake-fetch';
import { closeCommentInput, moveDraft, openCommentInput, playerUi, reset, setDraftText, showTooltip, submitDraft } from './store';

describe('comment input of the player (spec §4 Comment input)', () => {
  beforeEach(() => {
    reset();
    resetComments();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens at the current time floored, moves by whole seconds within the track, and closes on cancel', () => {
    openCommentInput(4, 73.9);
    expect(playerUi.draft).toMatchObject({ trackId: 4, timestamp: 73 });
    moveDraft(200.4, 180.5);
    expect(playerUi.draft!.timestamp).toBe(180);
    moveDraft(-3, 180.5);
    expect(playerUi.draft!.timestamp).toBe(0);
    closeCommentInput();
    expect(playerUi.draft).toBeNull();
  });

  it('posts at the draft timestamp and closes on submit', async () => {
    const api = fakeApi({ 'POST /v1/comments/resource/track/4': ok({ comment: { id: 9, track_id: 4, track_timestamp: 12 } }) });
    openCommentInput(4, 12.7);
    setDraftText('the drop');
    expect(await submitDraft()).toBe(true);
    expect(api.calls[0]!.body).toEqual({ text: 'the drop', track_timestamp: 12 });
    expect(playerUi.draft).toBeNull();
  });

  it('shows a tooltip for 3 s, then hides it 200 ms later', () => {
    vi.useFakeTimers();
    showTooltip(5);
    vi.advanceTimersByTime(2999);
    expect(playerUi.tooltip).toEqual({ commentId: 5, leaving: false });
    vi.advanceTimersByTime(1);
    expect(playerUi.tooltip).toEqual({ commentId: 5, leaving: true });
    vi.advanceTimersByTime(200);
    expect(playerUi.tooltip).toBeNull();
  });
});
