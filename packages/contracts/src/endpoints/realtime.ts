import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent, defineWhisper } from '../realtime.js';
import { emptyRequest } from './platform.js';

/** The same whisper handlers over HTTP (spec 3 section 7). */
export const whisperEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/whisper',
  request: z.object({ event: z.string().min(1).max(64), data: z.unknown().optional() }).strict(),
  response: z.unknown(),
  policy: policy.public,
  summary: 'Calls a whisper handler over HTTP with the same validation and policy as the socket.',
});

/** The per-session secret for the `{type: authentication, userId, userSecret}` socket login. */
export const websocketSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/websocket/originals/getSecret',
  request: emptyRequest,
  response: z.object({ secret: z.string() }),
  policy: policy.user,
  summary: 'A secret that authenticates this session on the realtime socket.',
});

export const pingWhisper = defineWhisper({
  event: 'Ping',
  request: z.object({}).strict().optional(),
  response: z.object({ pong: z.literal(true), time: z.number() }),
  policy: policy.public,
  summary: 'Round trip check; answers with the server time.',
  readOnly: true,
});

export const onlineUserSchema = z.object({ _id: z.string(), name: z.string() });

/** Spec 2: the moderators' online list ('Total: N user(s)' and numbered names). */
export const onlineUsersWhisper = defineWhisper({
  event: 'OnlineUsers',
  request: z
    .object({ channel: z.string().max(128).optional() })
    .strict()
    .optional(),
  response: z.object({ total: z.number().int(), guests: z.number().int(), users: z.array(onlineUserSchema) }),
  policy: policy.permission('moderateChat'),
  summary: 'Signed-in users online (on every node), and the guest count.',
  readOnly: true,
});

/** The greeting every connection gets first, on its private channel (`User.{id}` or `Guest.{id}`). */
export const connectedEvent = defineEvent(
  'Connected',
  z.object({
    connectionId: z.string(),
    user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  }),
);

/** Published on Everyone by the leader node: how many people are online. */
export const onlineCountEvent = defineEvent(
  'OnlineCount',
  z.object({ total: z.number().int(), users: z.number().int(), guests: z.number().int() }),
);
