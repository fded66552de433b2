/**
 * The sizes an error alert may have. Plain numbers, without the schema, so the browser's sender can
 * cut a report to fit without carrying zod.
 */
export const ERROR_ALERT_LIMITS = { env: 20, path: 500, message: 1000 } as const;
