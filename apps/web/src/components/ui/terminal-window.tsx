import { useId, type ReactNode } from 'react';

interface TerminalWindowProps {
  /** The working directory shown in the title bar, e.g. `~/discover`. */
  path: string;
  /** The window's heading (an h1 on a page, h2 inside one). */
  title: ReactNode;
  headingLevel?: 1 | 2;
  children: ReactNode;
  className?: string;
}

/**
 * The frame every screen sits in: a terminal window with a title bar over the starfield. The
 * heading names the window for assistive technology.
 */
export function TerminalWindow({ path, title, headingLevel = 1, children, className }: TerminalWindowProps) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={`window ${className ?? ''}`} aria-labelledby={headingId}>
      <div className="window__bar" aria-hidden="true">
        <span className="window__dots">
          <span />
          <span />
          <span />
        </span>
        <span className="window__path">stardeck: {path}</span>
      </div>
      <div className="window__body">
        <Heading id={headingId} className="window__title">
          {title}
        </Heading>
        {children}
      </div>
    </section>
  );
}
