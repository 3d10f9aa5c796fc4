/**
 * Calendar rules in the app's one zone (APP_TIMEZONE, ARCHITECTURE): weeks start Sunday 00:00,
 * local days and months. Pure: the caller passes the clock's now and the zone; luxon does the
 * zone and daylight-saving maths.
 */
import { DateTime } from 'luxon';

/** Sunday 00:00 of the week holding `now`, in `zone`. */
export function weekStart(now: Date, zone: string): Date {
  const local = DateTime.fromJSDate(now, { zone });
  // luxon weekdays: Monday 1 ... Sunday 7.
  return local
    .minus({ days: local.weekday % 7 })
    .startOf('day')
    .toJSDate();
}

/** The local day holding `now`, 'YYYY-MM-DD'. */
export function localDate(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** The local Sunday starting the week holding `now`, 'YYYY-MM-DD'. */
export function localWeek(now: Date, zone: string): string {
  return DateTime.fromJSDate(weekStart(now, zone), { zone }).toISODate()!;
}

/** The local month holding `now`, 'YYYY-MM'. */
export function localMonth(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).toFormat('yyyy-LL');
}
