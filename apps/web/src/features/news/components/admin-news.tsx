import { countOf, formatDate } from '../../../utils/format';
import { openModal } from '../../../lib/modals/store';
import { useNews } from '../store';
import '../news.css';

/** The admin news screen: every post with its status and visibility, and the manageNews and deleteNews modals. */
export function AdminNews() {
  const { managed, managedTotal } = useNews();
  return (
    <>
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => openModal('manageNews', {})}>new post</button>
        <span className="output--muted">{countOf(managedTotal, 'post')}</span>
      </div>
      {managed.length === 0 ? (
        <p className="output output--muted">no posts yet.</p>
      ) : (
        <table className="news-admin">
          <thead>
            <tr><th>title</th><th>status</th><th>visibility</th><th>created</th><th><span className="visually-hidden">actions</span></th></tr>
          </thead>
          <tbody>
            {managed.map((post) => (
              <tr key={post.id}>
                <td>{post.title}</td>
                <td>{post.status}</td>
                <td>{post.visibility}</td>
                <td><time dateTime={post.created}>{formatDate(post.created)}</time></td>
                <td className="actions">
                  <button type="button" className="btn btn--small" onClick={() => openModal('manageNews', { post: { ...post } })}>
                    edit<span className="visually-hidden"> {post.title}</span>
                  </button>
                  <button type="button" className="btn btn--small btn--danger" onClick={() => openModal('deleteNews', { post: { id: post.id, title: post.title } })}>
                    delete<span className="visually-hidden"> {post.title}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
