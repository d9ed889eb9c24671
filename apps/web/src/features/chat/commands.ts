/**
 * Chat commands (spec 2 sections 4 to 6, spec 3 section 5): a message that starts with a slash and
 * a known command name runs the command instead of being sent. Player commands: /ignore, /unignore,
 * /tip, /rain; moderator commands (chat_moderator permission): /mute, /unmute, /quiz, /online.
 * Moderator commands are unknown to other players (their text is sent as a normal message).
 */
import { CHAT_MUTE_FOREVER_MINUTES, RAIN_MAX_USERS, RAIN_MIN_USERS } from '@nebula/contracts/constants';

export type ChatCommandName = 'ignore' | 'unignore' | 'tip' | 'rain' | 'mute' | 'unmute' | 'quiz' | 'online';

export interface ChatCommandSpec {
  name: ChatCommandName;
  /** Argument placeholders shown in the commands list, e.g. ['name', 'amount']. */
  args: readonly string[];
  /** Arguments that may be left out (the command then opens a dialog). */
  optional?: number;
  moderator: boolean;
}

export const CHAT_COMMANDS: readonly ChatCommandSpec[] = [
  { name: 'ignore', args: ['name'], moderator: false },
  { name: 'unignore', args: ['name'], moderator: false },
  { name: 'tip', args: ['name', 'amount'], optional: 2, moderator: false },
  { name: 'rain', args: ['amount', 'users'], optional: 2, moderator: false },
  { name: 'mute', args: ['name', 'minutes'], optional: 1, moderator: true },
  { name: 'unmute', args: ['name'], optional: 1, moderator: true },
  { name: 'quiz', args: [], moderator: true },
  { name: 'online', args: [], moderator: true },
];

export type ParsedCommand =
  /** Not a command: send the text. */
  | { kind: 'text' }
  /** A known command with valid arguments. */
  | { kind: 'command'; name: ChatCommandName; args: string[] }
  /** A known command whose arguments do not fit: show its usage. */
  | { kind: 'usage'; name: ChatCommandName; usage: string };

/** The commands a player may run. */
export function commandsFor(moderator: boolean): ChatCommandSpec[] {
  return CHAT_COMMANDS.filter((command) => moderator || !command.moderator);
}

/** "/tip name amount". */
export function usageOf(spec: ChatCommandSpec): string {
  return [`/${spec.name}`, ...spec.args].join(' ');
}

const AMOUNT = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
/** Login names (spec 1: letters, digits, underscore); a leading @ is allowed and dropped. */
const NAME = /^@?[A-Za-z0-9_]{1,24}$/;

function argsValid(name: ChatCommandName, args: string[]): boolean {
  switch (name) {
    case 'ignore':
    case 'unignore':
      return args.length === 1 && NAME.test(args[0]!);
    case 'unmute':
      return args.length === 0 || (args.length === 1 && NAME.test(args[0]!));
    case 'tip':
      if (args.length === 0) return true;
      if (!NAME.test(args[0]!)) return false;
      return args.length === 1 || (args.length === 2 && AMOUNT.test(args[1]!) && Number(args[1]) > 0);
    case 'rain': {
      if (args.length === 0) return true;
      if (!AMOUNT.test(args[0]!) || !(Number(args[0]) > 0)) return false;
      if (args.length === 1) return true;
      const users = Number(args[1]);
      return (
        args.length === 2 && INTEGER.test(args[1]!) && users >= RAIN_MIN_USERS && users <= RAIN_MAX_USERS
      );
    }
    case 'mute': {
      if (args.length === 0 || !NAME.test(args[0]!)) return false;
      if (args.length === 1) return true;
      const minutes = Number(args[1]);
      return (
        args.length === 2 && INTEGER.test(args[1]!) && minutes >= 1 && minutes <= CHAT_MUTE_FOREVER_MINUTES
      );
    }
    case 'quiz':
    case 'online':
      return args.length === 0;
  }
}

/** Parses the input (already cleaned of newlines). */
export function parseCommand(input: string, moderator: boolean): ParsedCommand {
  const text = input.trim();
  if (!text.startsWith('/')) return { kind: 'text' };
  const [head = '', ...args] = text.slice(1).split(/\s+/);
  const spec = commandsFor(moderator).find((command) => command.name === head.toLowerCase());
  if (!spec) return { kind: 'text' };
  if (!argsValid(spec.name, args)) return { kind: 'usage', name: spec.name, usage: usageOf(spec) };
  const clean = args.map((arg, index) =>
    // Names may be typed as @name.
    spec.args[index] === 'name' ? arg.replace(/^@/, '') : arg,
  );
  return { kind: 'command', name: spec.name, args: clean };
}

/** The commands whose name starts with what follows the slash (the list under the input). */
export function matchingCommands(input: string, moderator: boolean): ChatCommandSpec[] {
  if (!input.startsWith('/')) return [];
  const head = input.slice(1).split(/\s/)[0]!.toLowerCase();
  if (input.slice(1).includes(' ')) return [];
  return commandsFor(moderator).filter((command) => command.name.startsWith(head));
}
