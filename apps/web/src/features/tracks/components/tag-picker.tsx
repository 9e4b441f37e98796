import { TRACK_FORM_MSG, type TagView } from '@stardeck/contracts/browser';
import { useEffect, useId, useState } from 'react';
import { searchTags } from '../api/search-tags';
import { addTag, offersNewTag, TAG_PICKER_DEFAULT_MAX } from '../tag-rules';

/** Spec §9: suggestions are asked for 300 ms after the last key. */
const DEBOUNCE_MS = 300;

interface TagPickerProps {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  max?: number;
}

/**
 * The tag picker of spec §5: suggestions from the most used tags or matching the text, a new
 * tag offered only when none matches, duplicates ignored, and the limits' messages.
 */
export function TagPicker({ tags, onChange, max = TAG_PICKER_DEFAULT_MAX }: TagPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<TagView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void searchTags(query, abort.signal).then((result) => {
        if (abort.signal.aborted) return;
        if (result.ok) {
          setSuggestions(result.envelope.data?.tags ?? []);
          setLoadError(null);
        } else {
          setSuggestions([]);
          setLoadError(TRACK_FORM_MSG.tagSuggestionsFailed);
        }
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query]);

  const add = (name: string) => {
    const next = addTag(tags, name, max);
    if ('error' in next) {
      setError(next.error);
      return;
    }
    setError(null);
    onChange(next.tags);
    setQuery('');
  };
  const chosen = new Set(tags.map((t) => t.toLowerCase()));
  // All the suggestions asked for (spec §9: 20), less those already chosen.
  const offered = suggestions.filter((tag) => !chosen.has(tag.name.toLowerCase()));
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');

  return (
    <div className="field tag-picker">
      <p className="field__label">
        <span aria-hidden="true">&gt; </span>
        <label htmlFor={id}>tags</label>
      </p>
      {tags.length > 0 && (
        <ul className="track-tags" aria-label="chosen tags">
          {tags.map((tag) => (
            <li key={tag}>
              <button type="button" className="tag-badge tag-picker__chosen" onClick={() => onChange(tags.filter((t) => t !== tag))}>
                #{tag} <span aria-hidden="true">×</span>
                <span className="visually-hidden">remove tag {tag}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="field__input"
        value={query}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          setQuery(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault();
            add(query);
          }
        }}
        placeholder="type a tag, enter adds it"
      />
      <p id={`${id}-hint`} className="field__hint">
        {tags.length}/{max} tags
      </p>
      {(offered.length > 0 || offersNewTag(query, suggestions, tags)) && (
        <ul className="tag-picker__suggestions" aria-label="tag suggestions">
          {offersNewTag(query, suggestions, tags) && (
            <li>
              <button type="button" className="link-button" onClick={() => add(query)}>
                + new tag "{query.trim()}"
              </button>
            </li>
          )}
          {offered.map((tag) => (
            <li key={tag.id}>
              <button type="button" className="tag-badge" onClick={() => add(tag.name)}>
                #{tag.name} <span className="output--muted">({tag.usage_count})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          ! {error}
        </p>
      )}
      {loadError && <p className="field__error">! {loadError}</p>}
    </div>
  );
}
