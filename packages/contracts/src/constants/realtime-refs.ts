/**
 * Zod-free references to the contracts' whispers and events, for clients that must not load zod
 * (the web bundle). A reference carries the name and, as a type, the contract it stands for, so a
 * call through it is typed by the contract; an event reference also carries the event data's shape
 * (a subset of JSON Schema) for a runtime guard. The references themselves are generated from the
 * contracts (realtime.generated.ts, by scripts/gen-realtime-refs.ts); never write one by hand.
 *
 * The guard checks what client code relies on: types, required properties, enums and literals,
 * string patterns (a decimal amount), array items, alternatives. It leaves lengths and number ranges
 * to the server, which made the data from the same schema.
 */
import type { EventData, RealtimeEvent, Whisper, WhisperRequest, WhisperResponse } from '../realtime.js';

/** A JSON value's shape: the subset of JSON Schema the guard checks (`{}` accepts anything). */
export type Shape =
  | { readonly type: 'string'; readonly pattern?: string }
  | { readonly type: 'number' | 'integer' | 'boolean' | 'null' }
  | {
      readonly type: 'object';
      readonly properties?: Readonly<Record<string, Shape>>;
      readonly required?: readonly string[];
    }
  | { readonly type: 'array'; readonly items?: Shape }
  | { readonly enum: readonly (string | number | boolean | null)[] }
  | { readonly const: string | number | boolean | null }
  | { readonly anyOf: readonly Shape[] }
  | { readonly [key: string]: never };

export interface WhisperRef<W extends Whisper = Whisper> {
  readonly event: string;
  /** The contract's `readOnly`: the call may be sent again after a lost connection. */
  readonly readOnly: boolean;
  /** Phantom: carries the contract for inference; never set. */
  readonly __whisper?: W;
}

export interface EventRef<E extends RealtimeEvent = RealtimeEvent> {
  readonly name: string;
  readonly shape: Shape;
  /** Phantom: carries the contract for inference; never set. */
  readonly __event?: E;
}

export type RefRequest<R extends WhisperRef> = R extends WhisperRef<infer W> ? WhisperRequest<W> : never;
export type RefResponse<R extends WhisperRef> = R extends WhisperRef<infer W> ? WhisperResponse<W> : never;
export type RefData<R extends EventRef> = R extends EventRef<infer E> ? EventData<E> : never;

const patterns = new Map<string, RegExp>();

function matchesPattern(pattern: string, value: string): boolean {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern);
    patterns.set(pattern, regex);
  }
  return regex.test(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `value` has the shape (see the module comment for what is checked). */
export function matchesShape(shape: Shape, value: unknown): boolean {
  if ('anyOf' in shape)
    return (shape.anyOf as readonly Shape[]).some((option) => matchesShape(option, value));
  if ('enum' in shape) return (shape.enum as readonly unknown[]).includes(value);
  if ('const' in shape) return shape.const === value;
  if (!('type' in shape)) return true;
  switch (shape.type) {
    case 'string':
      return typeof value === 'string' && (!shape.pattern || matchesPattern(shape.pattern, value));
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return (
        Array.isArray(value) && (!shape.items || value.every((item) => matchesShape(shape.items!, item)))
      );
    case 'object': {
      if (!isPlainObject(value)) return false;
      for (const key of shape.required ?? []) if (value[key] === undefined) return false;
      const properties = shape.properties ?? {};
      for (const key of Object.keys(properties)) {
        if (value[key] !== undefined && !matchesShape(properties[key]!, value[key])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** True when `data` is what the event's contract describes. */
export function isEventData<R extends EventRef>(ref: R, data: unknown): data is RefData<R> {
  return matchesShape(ref.shape, data);
}

/** A frame's data when the frame is the referenced event and its data fits, else undefined. */
export function readEvent<R extends EventRef>(
  ref: R,
  frame: { readonly event: string; readonly data: unknown },
): RefData<R> | undefined {
  return frame.event === ref.name && isEventData(ref, frame.data) ? frame.data : undefined;
}
