import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import '../profiles.css';
import { pageCount, pageSearch, sizeChoices, type PageRequest } from '../paging';

/**
 * Spec §9 paging of a user page: previous and next pages as links, and the page size among the
 * choices 5, 10, 20 and 50. The page and size live in the address, so the route reloads them.
 */
export function Pager({ request, total, defaultSize, label }: { request: PageRequest; total: number; defaultSize: number; label: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sizeId = useId();
  const params = new URLSearchParams(search);
  const pages = pageCount(total, request.limit);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      {request.page > 1 ? (
        <Link className="btn btn--small" to={`${pathname}${pageSearch(params, { page: request.page - 1 })}`}>
          &lt; previous<span className="visually-hidden"> page</span>
        </Link>
      ) : null}
      <span className="pager__where">
        page {Math.min(request.page, pages)} of {pages}
      </span>
      {request.page < pages ? (
        <Link className="btn btn--small" to={`${pathname}${pageSearch(params, { page: request.page + 1 })}`}>
          next<span className="visually-hidden"> page</span> &gt;
        </Link>
      ) : null}
      <label htmlFor={sizeId} className="pager__size">
        per page
      </label>
      <select
        id={sizeId}
        value={request.limit}
        onChange={(event) => void navigate(`${pathname}${pageSearch(params, { limit: Number(event.target.value), page: 1 })}`)}
      >
        {sizeChoices(defaultSize).map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </nav>
  );
}
