import { MEMBER_TIERS, type AdminMemberView, type MemberTier } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/field';
import { eventFilterSearch } from '../event-filters';
import { changeTier, searchMembers, useAdmin } from '../store';

/** Find a member by username, email or id, and move them to another tier (an event with the admin as actor). */
export function MemberSearch() {
  const { members, busy } = useAdmin();
  const [query, setQuery] = useState(members.query);
  return (
    <>
      <form className="form admin-search" role="search" aria-label="members" noValidate onSubmit={(event) => { event.preventDefault(); void searchMembers(query); }}>
        <TextField label="search members" value={query} onValue={setQuery} placeholder="username, email or id" autoComplete="off" />
        <div className="actions">
          <button type="submit" className="btn btn--primary">search</button>
        </div>
      </form>
      {members.searched && members.results.length === 0 && <p className="output output--muted">no member matches.</p>}
      {members.results.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={'members found'}>
          <table className="admin-table">
            <caption className="visually-hidden">members found</caption>
            <thead>
              <tr>
                <th scope="col">username</th>
                <th scope="col">email</th>
                <th scope="col">role</th>
                <th scope="col">tier</th>
                <th scope="col">joined</th>
                <th scope="col">history</th>
              </tr>
            </thead>
            <tbody>
              {members.results.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    {member.username}
                    {!member.verified && <span className="output--muted"> (unverified)</span>}
                  </th>
                  <td>{member.email}</td>
                  <td>{member.role}</td>
                  <td>{member.role === 'admin' ? 'admin' : <TierChoice member={member} busy={busy === member.id} />}</td>
                  <td>{member.created.slice(0, 10)}</td>
                  <td>
                    <Link to={`/admin/events${eventFilterSearch({ stream: `user-${member.id}` })}`}>account events</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function TierChoice({ member, busy }: { member: Readonly<AdminMemberView>; busy: boolean }) {
  const [tier, setTier] = useState<MemberTier>((MEMBER_TIERS as readonly string[]).includes(member.tier) ? (member.tier as MemberTier) : 'free');
  const id = `tier-${member.id}`;
  return (
    <span className="admin-tier">
      <label htmlFor={id} className="visually-hidden">tier for {member.username}</label>
      <select id={id} value={tier} onChange={(e) => setTier(e.target.value as MemberTier)}>
        {MEMBER_TIERS.map((slug) => <option key={slug} value={slug}>{slug}</option>)}
      </select>{' '}
      <button type="button" className="btn btn--small" disabled={busy || tier === member.tier} onClick={() => void changeTier(member, tier)} aria-label={`set tier of ${member.username}`}>
        {busy ? 'setting...' : 'set tier'}
      </button>
    </span>
  );
}
