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
 * The zones as the select lists them, "Africa/Douala (GMT+1)" at today's offset; `current` is kept
 * even if this browser does not list it, so the saved value always shows.
 */
export function timeZoneOptions(current: string, at = new Date()): SelectOption[] {
  const list = knownZones().includes(current) ? knownZones() : [current, ...knownZones()];
  return list.map((zone) => {
    const offset = offsetLabel(zone, at);
    return { value: zone, label: offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone };
  });
}
