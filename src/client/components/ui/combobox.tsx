import { Check, ChevronDown } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '#client/lib/cn';
import type { FieldControlProps } from './form-field';
import type { SelectOption } from './labelled-select';

/** Every option row is this tall, so the rows in view follow from the scroll offset alone. */
const ROW_HEIGHT = 36;
const ROWS_IN_VIEW = 8;
/** Rows drawn beyond each edge of the view, so a quick scroll does not show blank space. */
const OVERSCAN = 4;
const LIST_HEIGHT = ROW_HEIGHT * ROWS_IN_VIEW;

interface ComboboxProps<T extends string> extends FieldControlProps {
  value: T;
  onValueChange: (value: T) => void;
  /** What the text box shows for `value` while the list is closed. */
  valueLabel: string;
  /**
   * The options, asked for each time the list opens: a long list's labels are then built only
   * when someone looks at them, not while the page loads.
   */
  options: () => readonly SelectOption<T>[];
  /** Names the list of options, as the field's label names the text box. */
  listLabel: string;
  placeholder?: string;
  /** Shown in place of the list when nothing matches what was typed. */
  noMatches: (query: string) => string;
  className?: string;
}

/** Lower case, accents dropped: "São" is found by "sao". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A text box that filters a long list of options, the list drawn only where it is in view: a
 * select of hundreds of options builds every one of them, and some renderers rebuild its hidden
 * native list for each option added. Arrows move through the matches, Enter picks one, Escape
 * closes the list and puts back the chosen option's label.
 */
export function Combobox<T extends string>({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  value,
  onValueChange,
  valueLabel,
  options,
  listLabel,
  placeholder,
  noMatches,
  className,
}: ComboboxProps<T>) {
  const listId = `${id}-list`;
  const listRef = useRef<HTMLUListElement>(null);
  /** The options while the list is open; null while it is closed. */
  const [listed, setListed] = useState<readonly SelectOption<T>[] | null>(null);
  const open = listed !== null;
  /** What was typed since the list opened; null shows every option. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);

  const matches = useMemo(() => {
    if (listed === null || query === null) return listed ?? [];
    const terms = folded(query).split(/\s+/).filter(Boolean);
    return listed.filter((option) => {
      const label = folded(option.label);
      return terms.every((term) => label.includes(term));
    });
  }, [listed, query]);

  // The list's scroll offset follows what the keyboard moved to (set here, not by the browser).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && list.scrollTop !== scrollTop) list.scrollTop = scrollTop;
  }, [open, scrollTop]);

  /** Makes row `index` the active one and scrolls it into the list's view. */
  const moveTo = (index: number, fromTop = scrollTop) => {
    setActive(index);
    const top = index * ROW_HEIGHT;
    if (top < fromTop) setScrollTop(top);
    else if (top + ROW_HEIGHT > fromTop + LIST_HEIGHT) setScrollTop(top + ROW_HEIGHT - LIST_HEIGHT);
    else if (fromTop !== scrollTop) setScrollTop(fromTop);
  };

  /** Opens the list with every option, the chosen one active in the middle of the view. */
  const openAtChosen = () => {
    const all = options();
    setListed(all);
    setQuery(null);
    const index = Math.max(
      0,
      all.findIndex((option) => option.value === value),
    );
    moveTo(index, Math.max(0, (index - Math.floor(ROWS_IN_VIEW / 2)) * ROW_HEIGHT));
  };

  const close = () => {
    setListed(null);
    setQuery(null);
  };

  const pick = (option: SelectOption<T> | undefined) => {
    if (option) onValueChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAtChosen();
        else if (last >= 0) {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          moveTo(Math.min(last, Math.max(0, active + step)));
        }
        break;
      case 'Enter':
        // Closed, Enter submits the form as in any text box.
        if (open) {
          event.preventDefault();
          pick(matches[active]);
        }
        break;
      case 'Escape':
        if (open) {
          // Only the list closes, not a dialog the field may sit in.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(matches.length, first + ROWS_IN_VIEW + 2 * OVERSCAN);
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className={cn('relative', className)}>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={query ?? valueLabel}
        onChange={(event) => {
          if (!open) setListed(options());
          setQuery(event.target.value);
          moveTo(0, 0);
        }}
        // A click in the text box opens the list, never closes it: it may be placing the caret.
        onClick={() => {
          if (!open) openAtChosen();
        }}
        onFocus={(event) => event.target.select()}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={
          // The text box's look (input.tsx), with room for the chevron.
          'flex h-11 w-full min-w-0 truncate rounded-lg border border-input bg-card pr-9 pl-3 text-base text-foreground shadow-xs placeholder:text-muted-foreground ' +
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring ' +
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive'
        }
      />
      <ChevronDown
        className="pointer-events-none absolute top-3.5 right-3 size-4 opacity-60"
        aria-hidden="true"
      />
      {/* Always in the page, hidden while closed, so the text box's aria-controls names it. */}
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-border bg-card text-foreground shadow-lg"
      >
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="overflow-y-auto overscroll-contain p-1"
          style={{
            maxHeight: LIST_HEIGHT + 8,
            paddingTop: 4 + first * ROW_HEIGHT,
            paddingBottom: 4 + (matches.length - end) * ROW_HEIGHT,
          }}
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          // Keeps the focus in the text box while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {matches.slice(first, end).map((option, offset) => {
            const index = first + offset;
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                aria-setsize={matches.length}
                aria-posinset={index + 1}
                className={cn(
                  'relative flex cursor-default items-center rounded-md pr-8 pl-2 text-sm select-none',
                  index === active && 'bg-muted',
                )}
                style={{ height: ROW_HEIGHT }}
                onMouseMove={() => setActive(index)}
                onClick={() => pick(option)}
              >
                <span className="truncate">{option.label}</span>
                {option.value === value ? (
                  <Check className="absolute right-2 size-4" aria-hidden="true" />
                ) : null}
              </li>
            );
          })}
        </ul>
        {open && matches.length === 0 ? (
          <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
            {noMatches(query ?? '')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
