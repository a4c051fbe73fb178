import type { AttendeeValue } from './attendees.js';
import type { SurveyAnswer } from './survey.js';

/** The attendees of a reserve form with ticket `index` of line `key` set to `value` (a state updater). */
export const withAttendee = (key: string, index: number, value: AttendeeValue) => (prev: Record<string, AttendeeValue[]>) => {
  const list = [...(prev[key] ?? [])];
  list[index] = value;
  return { ...prev, [key]: list };
};

/** The survey answers of a reserve form with group `groupId`'s `field` set to `value` (a state updater). */
export const withAnswer = (groupId: string, field: string, value: SurveyAnswer) => (prev: Record<string, Record<string, SurveyAnswer>>) => ({
  ...prev,
  [groupId]: { ...(prev[groupId] ?? {}), [field]: value },
});
