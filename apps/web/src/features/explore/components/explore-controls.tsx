import { useId, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formSearch, type ExploreQuery, type ExploreSpec } from '../explore-query';
import { SORT_LABELS } from '../explore-lists';
import '../explore.css';

interface Props<K extends string> {
  label: string;
  spec: ExploreSpec<K>;
  query: ExploreQuery<K>;
  /** The page size chosen, kept through a new search. */
  limit: number;
  /** Filters of this list (owner, visibility, only members with tracks). */
  children?: ReactNode;
  /** Query values kept through a new search (the chosen tags). */
  keep?: Record<string, string>;
}

/**
 * Search, sort key and direction of an explore list, sent as the address's query, so the list
 * reloads through its route, starting from page 1, and the back button walks the searches. A
 * changed menu applies at once; the search applies on Enter or the button.
 */
export function ExploreControls<K extends string>({ label, spec, query, limit, children, keep = {} }: Props<K>) {
  const id = useId();
  const navigate = useNavigate();
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate({ search: formSearch(new FormData(event.currentTarget)) });
  };
  const submitForm = (event: { currentTarget: HTMLElement }) => (event.currentTarget as HTMLInputElement).form?.requestSubmit();
  return (
    <form className="explore-controls" role="search" aria-label={`search ${label}`} onSubmit={send}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="limit" value={limit} />
      <label htmlFor={`${id}-search`}>search</label>
      <input id={`${id}-search`} type="search" name="search" defaultValue={query.search} key={query.search} maxLength={100} />
      <label htmlFor={`${id}-sort`}>sort by</label>
      <select id={`${id}-sort`} name="sort" defaultValue={query.sort} key={`sort-${query.sort}`} onChange={submitForm}>
        {spec.sortKeys.map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key] ?? key}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-dir`}>order</label>
      <select id={`${id}-dir`} name="sort_dir" defaultValue={query.dir} key={`dir-${query.dir}`} onChange={submitForm}>
        <option value="desc">descending</option>
        <option value="asc">ascending</option>
      </select>
      {children}
      <button type="submit" className="btn btn--small">
        search
      </button>
    </form>
  );
}
