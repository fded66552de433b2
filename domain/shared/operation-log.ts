/** Where an operation logs: its request's logger, or its job's. */
export type OperationLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};
