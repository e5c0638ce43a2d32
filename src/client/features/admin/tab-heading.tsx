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
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
      <h2 id={id} className="font-display text-xl font-semibold sm:text-2xl">
        {title}
      </h2>
      {action}
      {children ? <div className="col-span-2">{children}</div> : null}
    </div>
  );
}
