import { NEWS, NEWS_STATUSES, NEWS_VISIBILITIES, checkNewsForm, type NewsPostView, type NewsStatus, type NewsVisibility } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { SelectField, TextField } from '../../../components/ui/field';
import { saveNews } from '../store';

const BUSY_RESET_MS = 300;

type Post = { id: number | string } & Pick<NewsPostView, 'title' | 'content'> & Partial<Pick<NewsPostView, 'status' | 'visibility'>>;

/** The manageNews modal (spec §2): write a post, or edit the one given; title at most 200, content required. */
export function Component({ post, onClose }: { post?: Post; onClose: () => void }) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [status, setStatus] = useState<NewsStatus>(post?.status ?? 'draft');
  const [visibility, setVisibility] = useState<NewsVisibility>(post?.visibility ?? 'public');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const problems = checkNewsForm({ title, content });
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length > 0 || busy) return;
    setBusy(true);
    const outcome = await saveNews(
      { title: title.trim(), content, status, visibility },
      post ? { id: post.id, status: post.status ?? 'draft', visibility: post.visibility ?? 'public' } : undefined,
    );
    if (outcome.ok) {
      onClose();
      return;
    }
    setErrors(outcome.fields);
    setMessage(outcome.message);
    setTimeout(() => setBusy(false), BUSY_RESET_MS);
  };

  return (
    <ModalFrame title={post ? 'edit news post' : 'new news post'} onClose={onClose} wide>
      <form onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}>
        <TextField label="title" value={title} onValue={setTitle} error={errors.title} hint={`${title.trim().length}/${NEWS.titleMax}`} data-autofocus />
        <TextField label="content" value={content} onValue={setContent} error={errors.content} multiline />
        <SelectField label="status" value={status} options={NEWS_STATUSES} onValue={setStatus} />
        <SelectField label="visibility" value={visibility} options={NEWS_VISIBILITIES} onValue={setVisibility} />
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'saving...' : post ? 'save changes' : 'create post'}</button>
          <button type="button" className="btn" onClick={onClose}>cancel</button>
        </div>
        {message && <p className="output output--err" role="alert">{message}</p>}
      </form>
    </ModalFrame>
  );
}
