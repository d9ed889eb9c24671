import { describe, expect, it } from 'vitest';
import { matchingCommands, parseCommand } from './commands';

describe('parseCommand', () => {
  it('sends plain text and unknown commands as messages', () => {
    expect(parseCommand('hello', false)).toEqual({ kind: 'text' });
    expect(parseCommand('/shrug', false)).toEqual({ kind: 'text' });
  });

  it('runs player commands with valid arguments', () => {
    expect(parseCommand('/ignore bob_1', false)).toEqual({
      kind: 'command',
      name: 'ignore',
      args: ['bob_1'],
    });
    expect(parseCommand('/UNIGNORE @bob', false)).toEqual({
      kind: 'command',
      name: 'unignore',
      args: ['bob'],
    });
    expect(parseCommand('/tip alice 0.5', false)).toEqual({
      kind: 'command',
      name: 'tip',
      args: ['alice', '0.5'],
    });
    expect(parseCommand('/tip', false)).toEqual({ kind: 'command', name: 'tip', args: [] });
    expect(parseCommand('/rain 10 25', false)).toEqual({ kind: 'command', name: 'rain', args: ['10', '25'] });
  });

  it('shows the usage when the arguments do not fit', () => {
    expect(parseCommand('/ignore', false)).toMatchObject({ kind: 'usage', usage: '/ignore name' });
    expect(parseCommand('/tip alice -1', false)).toMatchObject({ kind: 'usage', name: 'tip' });
    expect(parseCommand('/rain 10 26', false)).toMatchObject({ kind: 'usage', name: 'rain' });
    expect(parseCommand('/rain 0', false)).toMatchObject({ kind: 'usage', name: 'rain' });
  });

  it('knows moderator commands only for moderators', () => {
    expect(parseCommand('/mute bob 5', false)).toEqual({ kind: 'text' });
    expect(parseCommand('/mute bob 5', true)).toEqual({ kind: 'command', name: 'mute', args: ['bob', '5'] });
    expect(parseCommand('/mute bob 52560001', true)).toMatchObject({ kind: 'usage' });
    expect(parseCommand('/online', true)).toEqual({ kind: 'command', name: 'online', args: [] });
    expect(parseCommand('/quiz', true)).toEqual({ kind: 'command', name: 'quiz', args: [] });
  });
});

describe('matchingCommands', () => {
  it('lists commands matching the typed prefix', () => {
    expect(matchingCommands('/', false).map((c) => c.name)).toEqual(['ignore', 'unignore', 'tip', 'rain']);
    expect(matchingCommands('/u', true).map((c) => c.name)).toEqual(['unignore', 'unmute']);
    expect(matchingCommands('/tip bob', false)).toEqual([]);
    expect(matchingCommands('hi', false)).toEqual([]);
  });
});
