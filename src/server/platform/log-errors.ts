// How errors are written to the log. A failed SQL statement's error carries its parameters (a
// visitor's name, e-mail address and message) in `params`, in its message and in its stack; the
// log keeps the statement, with its $1 placeholders, and never the values.

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function withoutParams(text: string): string {
  return text.replace(PARAMS_LINE, '\nparams: [not logged]');
}

/** The pino `err` serializer: type, message, stack, code and cause, with SQL parameters left out. */
export function serializeError(error: Error, depth = 0): LoggedError {
  const logged: LoggedError = {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
  };
  const extra: { code?: unknown; query?: unknown; cause?: unknown } = error;
  if (extra.code !== undefined) logged.code = extra.code;
  if (typeof extra.query === 'string') logged.query = extra.query;
  if (extra.cause instanceof Error && depth < 5) logged.cause = serializeError(extra.cause, depth + 1);
  else if (extra.cause !== undefined) logged.cause = String(extra.cause);
  return logged;
}
