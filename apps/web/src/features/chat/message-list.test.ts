import { describe, expect, it } from 'vitest';
import {
  appendMessage,
  fromHistory,
  patchMessage,
  removeMessages,
  removeMessagesOf,
  visibleMessages,
  type ListMessage,
} from './message-list';

interface M extends ListMessage {
  text: string;
}

const m = (id: string, user = 'u1', text = id): M => ({ _id: id, user: { _id: user }, text });

describe('fromHistory', () => {
  it('shows the history (newest first) reversed, oldest at the top', () => {
    expect(fromHistory([m('3'), m('2'), m('1')]).map((x) => x._id)).toEqual(['1', '2', '3']);
  });

  it('keeps the newest `limit` messages and drops duplicate ids', () => {
    const list = fromHistory([m('4'), m('3'), m('3'), m('2'), m('1')], 3);
    expect(list.map((x) => x._id)).toEqual(['2', '3', '4']);
  });
});

describe('appendMessage', () => {
  it('adds at the bottom and drops the oldest beyond the limit', () => {
    let list: M[] = [];
    for (let i = 1; i <= 5; i++) list = appendMessage(list, m(String(i)), 3);
    expect(list.map((x) => x._id)).toEqual(['3', '4', '5']);
  });

  it('replaces a message already in the list instead of duplicating it', () => {
    const list = appendMessage([m('1'), m('2')], m('1', 'u1', 'edited'));
    expect(list.map((x) => x.text)).toEqual(['edited', '2']);
  });
});

describe('removal', () => {
  it('deletes by a list of ids and keeps the same array when nothing matches', () => {
    const list = [m('1'), m('2'), m('3')];
    expect(removeMessages(list, ['1', '3']).map((x) => x._id)).toEqual(['2']);
    expect(removeMessages(list, ['9'])).toBe(list);
    expect(removeMessages(list, [])).toBe(list);
  });

  it('deletes every message of a user', () => {
    const list = [m('1', 'a'), m('2', 'b'), m('3', 'a')];
    expect(removeMessagesOf(list, 'a').map((x) => x._id)).toEqual(['2']);
  });
});

describe('patchMessage', () => {
  it('updates one message in place', () => {
    const list = [m('1'), m('2')];
    const next = patchMessage(list, '2', (x) => ({ ...x, text: 'liked' }));
    expect(next[1]!.text).toBe('liked');
    expect(next[0]).toBe(list[0]);
    expect(patchMessage(list, 'x', (x) => x)).toBe(list);
  });
});

describe('visibleMessages', () => {
  it('hides messages of ignored users and keeps service messages without a user', () => {
    const list: M[] = [m('1', 'a'), m('2', 'b'), { _id: '3', user: null, text: 'service' }];
    expect(visibleMessages(list, new Set(['a'])).map((x) => x._id)).toEqual(['2', '3']);
    expect(visibleMessages(list, new Set())).toBe(list);
  });
});
