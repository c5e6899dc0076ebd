/** Every calling-calendar query starts with `all`. */
export const callingCalendarKeys = {
  all: ['calling-calendar'] as const,
};
