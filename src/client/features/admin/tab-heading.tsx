import type { ReactNode } from 'react';

interface TabHeadingProps {
  id: string;
  title: string;
  /** The tab's main action (Add Artist, Add Category...), beside the title. */
  action?: ReactNode;
  /** A line under the title (counts, active filters), the full width. */
  children?: ReactNode;
}

/** The title row of an admin tab: heading and its main action, then an optional summary line. */
export function TabHeading({ id, title, action, children }: TabHeadingProps) {
  return (
    // Wraps: a long French action goes under the title rather than over it on a narrow phone.
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <h2 id={id} className="min-w-0 font-display text-xl font-semibold break-words sm:text-2xl">
        {title}
      </h2>
      {action}
      {children ? <div className="basis-full">{children}</div> : null}
    </div>
  );
}
