/**
 * Which member each nomination link code belongs to (retired links included: a visit through one
 * still came from that member), for the insights funnel's visits by nominating member. A
 * parameterless SELECT the insights module composes; this module keeps it true to its table.
 */
export const NOMINATION_CODES_SQL = 'select code, member_id from nomination_links';
