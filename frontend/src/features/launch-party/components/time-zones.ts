/** Where the club's parties are held most: offered first, before every other zone. */
export const COMMON_TIME_ZONES = [
  'Europe/Monaco',
  'Europe/Paris',
  'Europe/London',
  'Europe/Zurich',
  'Europe/Rome',
  'Europe/Madrid',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Dubai',
  'Asia/Hong_Kong',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
  'UTC',
];

/** The zone the server gives a new event when its setting cannot be read. */
export const FALLBACK_TIME_ZONE = 'Europe/Monaco';

interface ZoneOption {
  value: string;
  label: string;
}

/** 'America/New York' for America/New_York: searchable as people write it. */
const option = (zone: string): ZoneOption => ({ value: zone, label: zone.replace(/_/g, ' ') });

/**
 * The time zone select's options: the common zones first, then every zone this browser knows;
 * `current` (an event's own zone) is offered too when the browser does not list it.
 */
export function timeZoneOptions(current?: string | null) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const others = [...new Set([...known, ...(current ? [current] : [])])]
    .filter((zone) => !COMMON_TIME_ZONES.includes(zone))
    .sort();
  return [
    { label: 'Common', title: 'Common', options: COMMON_TIME_ZONES.map(option) },
    { label: 'All time zones', title: 'All time zones', options: others.map(option) },
  ];
}
