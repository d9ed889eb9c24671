/**
 * Fan-out benchmark, server B: a bare `ws` WebSocketServer on 127.0.0.1 that broadcasts the same
 * 200-byte frame with the usual loop (`for (const c of wss.clients) c.send(msg)`), paced by the same
 * publisher as our server. Forked by `scripts/bench/fanout`.
 */
import http from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import {
  CHANNEL,
  EVENT,
  exitWithParent,
  publishSteadily,
  send,
  type ServerCommand,
} from './fanout-shared.js';

const httpServer = http.createServer((_req, res) => res.writeHead(426).end());
const wss = new WebSocketServer({ server: httpServer, path: '/ws', perMessageDeflate: false });

httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  exitWithParent(
    () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => httpServer.close(() => resolve()));
      }),
  );
  let busy = false;
  process.on('message', (cmd: ServerCommand) => {
    if (cmd.type === 'exit') return process.disconnect();
    if (cmd.type === 'status') {
      return send({ type: 'status', connections: wss.clients.size, subscribers: wss.clients.size });
    }
    if (cmd.type === 'publish' && !busy) {
      busy = true;
      void publishSteadily(cmd, (data) => {
        const msg = JSON.stringify({ channel: CHANNEL, event: EVENT, data });
        for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(msg);
      })
        .then(send)
        .finally(() => (busy = false));
    }
  });
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0, kind: 'baseline' });
});
