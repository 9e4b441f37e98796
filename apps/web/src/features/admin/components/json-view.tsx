import type { ReactNode } from 'react';

/**
 * A JSON value drawn as the terminal would colour it: keys, strings, numbers and literals each in
 * their colour, objects and arrays foldable (<details>, open to `openDepth`). Every value is
 * rendered as text, so a payload can never become markup.
 */
export function JsonView({ value, label, openDepth = 2 }: { value: unknown; label: string; openDepth?: number }) {
  return (
    <div className="json" role="group" aria-label={label} tabIndex={0}>
      <JsonNode value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}

function JsonNode({ value, depth, openDepth, name }: { value: unknown; depth: number; openDepth: number; name?: ReactNode }) {
  const key = name === undefined ? null : <>{name}: </>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json__line">
        {key}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div className="json__line">
        {key}
        <span className="json__punct">{open + close}</span>
      </div>
    );
  }
  return (
    <details className="json__node" open={depth < openDepth}>
      <summary>
        {key}
        <span className="json__punct">{open}</span>
        <span className="json__count"> {entries.length} {Array.isArray(value) ? 'items' : 'keys'} </span>
      </summary>
      <div className="json__children">
        {entries.map(([k, item]) => (
          <JsonNode
            key={k}
            value={item}
            depth={depth + 1}
            openDepth={openDepth}
            name={typeof k === 'number' ? <span className="json__index">{k}</span> : <span className="json__key">{JSON.stringify(k)}</span>}
          />
        ))}
      </div>
      <span className="json__punct">{close}</span>
    </details>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return <span className={value === '[redacted]' ? 'json__redacted' : 'json__string'}>{JSON.stringify(value)}</span>;
  }
  if (typeof value === 'number') return <span className="json__number">{String(value)}</span>;
  return <span className="json__literal">{value === undefined ? 'undefined' : String(value)}</span>;
}
