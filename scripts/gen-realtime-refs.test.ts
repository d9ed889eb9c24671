// The generated realtime references (packages/contracts/src/constants/realtime/) are what the
// generator writes from the contracts today, and every whisper and event has one.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@nebula/contracts';
import * as constants from '@nebula/contracts/constants';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, renderRealtimeRefs, toShape } from './gen-realtime-refs.js';

describe('generated realtime references', () => {
  it('are up to date (run `npx tsx scripts/gen-realtime-refs.ts` after changing a whisper or event)', async () => {
    const files = await renderRealtimeRefs();
    expect(readdirSync(GENERATED_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      expect(readFileSync(path.join(GENERATED_DIR, name), 'utf8'), name).toBe(content);
    }
  });

  it('cover every whisper and event of the contracts, with their names and readOnly flags', () => {
    const refs = constants as Record<string, unknown>;
    let whispers = 0;
    let events = 0;
    for (const [name, value] of Object.entries(contracts)) {
      const item = value as {
        event?: unknown;
        request?: unknown;
        readOnly?: boolean;
        name?: unknown;
        data?: unknown;
      };
      if (typeof item?.event === 'string' && item.request) {
        whispers += 1;
        expect(refs[`${name}Ref`], name).toEqual({ event: item.event, readOnly: item.readOnly === true });
      } else if (typeof item?.name === 'string' && item.data) {
        events += 1;
        expect(refs[`${name}Ref`], name).toMatchObject({ name: item.name });
      }
    }
    expect(whispers).toBeGreaterThan(10);
    expect(events).toBeGreaterThan(10);
  });

  it('keeps what the guard checks and drops the rest of a JSON Schema', () => {
    expect(
      toShape({
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^\\d+$', maxLength: 19 },
          at: { type: ['string', 'null'] },
          kind: { enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'integer', minimum: 0 } },
          any: {},
          either: { anyOf: [{ const: 1 }, { type: 'boolean' }] },
          loose: { anyOf: [{}, { type: 'string' }] },
        },
        required: ['id'],
        additionalProperties: false,
      }),
    ).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^\\d+$' },
        at: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        kind: { enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'integer' } },
        any: {},
        either: { anyOf: [{ const: 1 }, { type: 'boolean' }] },
        loose: {},
      },
      required: ['id'],
    });
  });
});
