import type { ReactNode } from 'react';

interface TabHeadingProps {
  id: string;
  title: string;
  /** The tab's main action (Add Artist, Add Category...). */
  action?: ReactNode;
  /** A line under the title (counts, hints). */
  children?: ReactNode;
}

/** The title row of an admin tab: heading and summary on the left, its main action on the right. */
export function TabHeading({ id, title, action, children }: TabHeadingProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="font-display text-xl font-semibold sm:text-2xl">
          {title}
        </h2>
        {children}
      </div>
      {action}
    </div>
  );
}
