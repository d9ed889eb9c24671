export interface VerifyParams {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
}

/**
 * Parses the fairness query `verify={game}-{serverSeed}-{clientSeed}-{nonce}`. The server seed is
 * hex and the nonce a number, so a client seed may itself contain dashes: everything between the
 * server seed and the last segment is the client seed. Returns null when the value is malformed.
 */
export function parseVerify(value: string | null | undefined): VerifyParams | null {
  if (!value) return null;
  const parts = value.split('-');
  if (parts.length < 4) return null;
  const game = parts[0]!;
  const serverSeed = parts[1]!;
  const nonce = parts[parts.length - 1]!;
  const clientSeed = parts.slice(2, -1).join('-');
  if (!game || !serverSeed || !clientSeed || !/^\d+$/.test(nonce)) return null;
  return { game, serverSeed, clientSeed, nonce };
}
