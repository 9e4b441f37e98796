import { formatDate } from '../../../utils/format';
import type { DevMail } from '../api/get-mail';

/** The dev mailbox: every mail the site would have sent, with its link, readable by admins. */
export function Mailbox({ mail, mailer }: { mail: readonly DevMail[]; mailer: 'smtp' | 'dev-mailbox' }) {
  if (mailer === 'smtp') return <p className="output output--muted">mail goes out through SMTP: there is no dev mailbox to read.</p>;
  if (mail.length === 0) return <p className="output output--muted">the mailbox is empty.</p>;
  return (
    <ul className="admin-list">
      {mail.map((item) => (
        <li key={item.id} className="admin-list__item" aria-label={`mail to ${item.to}: ${item.subject}`}>
          <p className="output">
            to {item.to} <span className="output--muted">{formatDate(item.created)}</span>
          </p>
          <p className="output admin-table__type">{item.subject}</p>
          <pre className="admin-mail__text">{item.text}</pre>
          {item.link && (
            <p className="output">
              link: <span className="admin-list__url">{item.link}</span>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
