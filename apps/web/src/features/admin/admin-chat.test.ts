import { describe, expect, it } from 'vitest';
import { muteEnd, roomLabel } from './admin-chat-api';

describe('chat moderation helpers', () => {
  it('names a room as staff read it', () => {
    expect(roomLabel('casino_en')).toBe('Casino · EN');
    expect(roomLabel('esport_de')).toBe('Esport · DE');
    expect(roomLabel('lobby')).toBe('Lobby');
  });

  it('shows a mute past 2100 as forever, an ordinary one as its date', () => {
    expect(muteEnd('2126-01-01T00:00:00.000Z', 'forever')).toBe('forever');
    const soon = muteEnd('2026-11-29T12:00:00.000Z', 'forever');
    expect(soon).not.toBe('forever');
    expect(soon).toMatch(/2026|26/);
  });
});
