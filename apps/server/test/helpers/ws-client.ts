import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  /** Resolves with the first frame (already received or coming) that matches. */
  next(match: (f: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends a frame with a fresh $id and resolves with the reply carrying it. */
  request(frame: Record<string, unknown>, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number }>;
  close(): void;
}

let seq = 0;

export async function connectSocket(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const frames: Record<string, unknown>[] = [];
  const waiters: {
    match: (f: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }[] = [];
  ws.on('message', (data) => {
    const f = JSON.parse(String(data)) as Record<string, unknown>;
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.match(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  // A cap, not a timing assertion: a loaded CI machine can be slow to deliver.
  const next: TestSocket['next'] = (match, timeoutMs = 20_000) => {
    const found = frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame in time')), timeoutMs);
      waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  };
  return {
    ws,
    frames,
    next,
    request(frame, timeoutMs) {
      const $id = `t${++seq}`;
      ws.send(JSON.stringify({ ...frame, $id }));
      return next((f) => f.$id === $id, timeoutMs);
    },
    closed,
    close: () => ws.close(),
  };
}
