/**
 * The years every date the API accepts must fall in. Outside them a date is a typo or a probe,
 * and calendar arithmetic breaks down: JavaScript reads the years 0 to 99 as 1900 to 1999, and
 * far years overflow the zone arithmetic of day boundaries.
 */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2100;

/** `label must fall between 2000 and 2100`, the refusal of a date outside those years. */
export const outsideYearsMessage = (label: string) =>
  `${label} must fall between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/** Whether an ISO date or date-time (`YYYY-MM-DD...`) is within the accepted years, as written. */
export function withinAcceptedYears(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}
