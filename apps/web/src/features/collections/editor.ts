import { SOCIAL_MSG, type CollectionDetailView, type CollectionVisibility } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import type { ApiFailure } from '../../lib/api-client';
import { artworkBody, type ChosenArtwork } from '../../lib/artwork/artwork-file';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { createCollection, deleteCollection, getCollection, updateCollection } from './api/manage';
import { collectionDescriptionError, collectionNameError } from './form-rules';

/**
 * The collection forms of spec §2: manageCollectionCreate and collectionEdit share one form (name,
 * description, visibility, artwork); deleteCollection asks before it deletes. Field messages come
 * from form-rules (spec §5); what the server refuses shows under the form, with its toast.
 */
export interface CollectionForm {
  name: string;
  description: string;
  visibility: CollectionVisibility;
  artwork: ChosenArtwork | null;
}

export interface EditorState extends CollectionForm {
  /** Null while creating. */
  collectionId: number | null;
  /** The stored artwork's URL, on edit. */
  currentArtwork: string | null;
  removeArtwork: boolean;
  /** Field messages show once the member typed or tried to save. */
  touched: boolean;
  loading: boolean;
  saving: boolean;
  error: string | null;
}

const initialEditor = (): EditorState => ({
  name: '', description: '', visibility: 'public', artwork: null, collectionId: null, currentArtwork: null, removeArtwork: false,
  touched: false, loading: false, saving: false, error: null,
});

export const editorStore = proxy<{ form: EditorState; remove: { busy: boolean; error: string | null } }>({
  form: initialEditor(), remove: { busy: false, error: null },
});

/** Spec §9: a busy dialog frees its buttons again after 300 ms. */
const BUSY_RESET_MS = 300;

const serverText = (failure: ApiFailure): string | null =>
  failure.kind === 'http' ? failure.envelope.msg?.description || (failure.envelope.errors && Object.values(failure.envelope.errors)[0]) || null : null;

export function openCreate(): void {
  editorStore.form = initialEditor();
}

export async function openEdit(collectionId: number): Promise<boolean> {
  editorStore.form = { ...initialEditor(), collectionId, loading: true };
  const result = await getCollection(collectionId, 1);
  if (editorStore.form.collectionId !== collectionId) return false;
  editorStore.form.loading = false;
  if (!result.ok) {
    editorStore.form.error = serverText(result.failure) ?? SOCIAL_MSG.collectionNotFound;
    return false;
  }
  const collection = result.envelope.data!.collection;
  Object.assign(editorStore.form, {
    name: collection.name, description: collection.description ?? '', visibility: collection.visibility, currentArtwork: collection.artwork,
  });
  return true;
}

export function setField<K extends keyof CollectionForm>(name: K, value: CollectionForm[K]): void {
  (editorStore.form as CollectionForm)[name] = value;
  editorStore.form.touched = true;
}

/** Spec §4 Other: removing the stored artwork on edit sends remove_artwork, unless a new image replaces it. */
export function setRemoveArtwork(on: boolean): void {
  editorStore.form.removeArtwork = on;
}

/** The first message that keeps the form from being sent, if any. */
export function formError(form: Pick<CollectionForm, 'name' | 'description'>): string | null {
  return collectionNameError(form.name) ?? collectionDescriptionError(form.description);
}

/** Creates or saves the collection; the saved collection, or null when the form or the server refused. */
export async function submit(): Promise<CollectionDetailView | null> {
  const form = editorStore.form;
  if (form.saving || form.loading) return null;
  form.touched = true;
  if (formError(form)) return null;
  form.saving = true;
  form.error = null;
  const fields = { name: form.name.trim(), description: form.description.trim(), visibility: form.visibility, ...artworkBody(form.artwork) };
  const result = form.collectionId === null
    ? await createCollection(fields)
    : await updateCollection(form.collectionId, { ...fields, ...(form.removeArtwork && !form.artwork ? { remove_artwork: true } : {}) });
  form.saving = false;
  if (!result.ok) {
    form.error = serverText(result.failure) ?? (form.collectionId === null ? 'Failed to create collection' : 'Failed to update collection');
    toastFailure(result.failure, { title: 'Collection', description: form.error });
    return null;
  }
  toastSuccess(result);
  return result.envelope.data!.collection;
}

/** deleteCollection's confirm; spec §8: a failure shows inline ('Failed to delete collection') and the button frees. */
export async function confirmDelete(collectionId: number): Promise<boolean> {
  const remove = editorStore.remove;
  if (remove.busy) return false;
  remove.busy = true;
  remove.error = null;
  const result = await deleteCollection(collectionId);
  if (!result.ok) {
    remove.error = serverText(result.failure) ?? SOCIAL_MSG.collectionDeleteFailed;
    setTimeout(() => (editorStore.remove.busy = false), BUSY_RESET_MS);
    return false;
  }
  toastSuccess(result);
  remove.busy = false;
  return true;
}

export function resetDelete(): void {
  editorStore.remove = { busy: false, error: null };
}

export function reset(): void {
  editorStore.form = initialEditor();
  resetDelete();
}
