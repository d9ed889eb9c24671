import {
  ErrorCode,
  findUnstorableText,
  UNSTORABLE_TEXT_MESSAGE,
  type ApiErrorBody,
  type FieldError,
} from '@nebula/contracts';
import type { ZodError } from 'zod';

/**
 * The one error type handlers throw. Everything that reaches the client is `{code, message}`
 * (plus `fields` for validation failures) with the matching HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }

  static badRequest(message: string, code: string | number = 'bad_request'): AppError {
    return new AppError(400, code, message);
  }
  static unauthenticated(message = 'You need to sign in to do that.'): AppError {
    return new AppError(401, ErrorCode.Unauthenticated, message);
  }
  static forbidden(message = 'You do not have permission to do that.'): AppError {
    return new AppError(403, ErrorCode.Forbidden, message);
  }
  static notFound(message = 'Not found.'): AppError {
    return new AppError(404, ErrorCode.NotFound, message);
  }
  static conflict(message: string, code: string | number = ErrorCode.Conflict): AppError {
    return new AppError(409, code, message);
  }
  /** A domain rule the spec numbers (e.g. register code 1): HTTP 422 with the numeric code. */
  static domain(code: number, message: string): AppError {
    return new AppError(422, code, message);
  }
}

/** Turns zod issues into the field list of a validation failure. */
export function zodFields(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: base ? `${base}.${key}` : key, message: 'Unknown field.' }));
    }
    return [{ path: base || '(body)', message: issue.message }];
  });
}

export function validationError(error: ZodError, where = 'body'): AppError {
  const fields = zodFields(error);
  const list = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
  return new AppError(422, ErrorCode.ValidationFailed, `Invalid ${where}: ${list}`, fields);
}

/**
 * Refuses input holding text PostgreSQL cannot store (NUL, unpaired surrogates: see
 * `findUnstorableText`) with the same 422 `validation_failed` as a schema failure, naming the field.
 * Called on every contract call before its schema, so no handler ever sees such text.
 */
export function assertStorableText(value: unknown, where = 'body'): void {
  const path = findUnstorableText(value);
  if (!path) return;
  const field = path.map(String).join('.') || `(${where})`;
  throw new AppError(
    422,
    ErrorCode.ValidationFailed,
    `Invalid ${where}: ${field}: ${UNSTORABLE_TEXT_MESSAGE}`,
    [{ path: field, message: UNSTORABLE_TEXT_MESSAGE }],
  );
}
