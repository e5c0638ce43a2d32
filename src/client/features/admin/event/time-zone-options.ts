import type { SelectOption } from '#client/components/ui/labelled-select';

let zones: readonly string[] | null = null;

/** Every IANA zone this browser knows, UTC included (some engines leave it out of the list). */
function knownZones(): readonly string[] {
  zones ??= Array.from(new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])).sort();
  return zones;
}

function offsetLabel(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    // A zone this browser does not know: listed by its name alone.
    return '';
  }
}

/**
 * Labels already made, kept for the hour they were made in: a formatter per zone is what building
 * the list costs, and opening it again reuses them. Offsets change a few times a year at most.
 */
const labels = new Map<string, string>();
let labelsHour = -1;

/** "Africa/Douala (GMT+1)": the zone at its offset at `at`, or its name alone if unknown. */
export function timeZoneLabel(zone: string, at = new Date()): string {
  const hour = Math.floor(at.getTime() / 3_600_000);
  if (hour !== labelsHour) {
    labels.clear();
    labelsHour = hour;
  }
  let label = labels.get(zone);
  if (label === undefined) {
    const offset = offsetLabel(zone, at);
    label = offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone;
    labels.set(zone, label);
  }
  return label;
}

/**
 * The zones as the list shows them, labelled by `timeZoneLabel`; `current` is kept even if this
 * browser does not list it, so the saved value always shows.
 */
export function timeZoneOptions(current: string, at = new Date()): SelectOption[] {
  const list = knownZones().includes(current) ? knownZones() : [current, ...knownZones()];
  return list.map((zone) => ({ value: zone, label: timeZoneLabel(zone, at) }));
}
