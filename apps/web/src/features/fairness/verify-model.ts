/**
 * The verifier's computation: `verify()` of `@nebula/games` for single-round games and
 * `verifyExtended()` (the replay of every decision) for extended games, the server's own math, plus the
 * intermediate steps the page shows (HMAC messages and bytes per round, the 4 bytes behind each float).
 * Pure; never throws: every failure becomes an error the page prints inline.
 */
import {
  BYTES_PER_FLOAT,
  BYTES_PER_ROUND,
  bytesToFloat,
  hashServerSeed,
  isServerSeed,
  roundBytes,
} from '@nebula/fairness';
import {
  type ExtendedVerifyResult,
  ExtendedVerifyError,
  MAX_HOUSE_EDGE_BPS,
  type VerifyResult,
  getExtendedGame,
  getGame,
  verify,
  verifyExtended,
} from '@nebula/games';

/** What the form hands to {@link computeVerification}. */
export interface VerificationInput {
  game: string;
  serverSeed: string;
  clientSeed: string;
  /** As typed. */
  nonce: string;
  params: unknown;
  /** An extended game's decisions (ignored for single-round games). */
  actions?: unknown;
  /** Set when the editor could not even build params (texts key); reported after the seed checks. */
  paramsErrorKey?: string;
  edgeBps: number;
}

/** One HMAC round: its message and its 32 bytes. */
export interface RoundStep {
  round: number;
  message: string;
  bytes: number[];
}

/** One float with the 4 bytes it came from. */
export interface FloatStep {
  index: number;
  round: number;
  /** Offset of the first byte inside its round (0, 4, ..., 28). */
  offset: number;
  bytes: number[];
  value: number;
}

/** A verification the page can show, or the reason it cannot. */
export type Verification =
  | { status: 'empty'; serverSeedHash: string | null }
  | {
      status: 'error';
      /** A texts key; `detail` holds the game's own message (schema issues) when there is one. */
      errorKey: string;
      detail?: string;
      serverSeedHash: string | null;
    }
  | {
      status: 'ok';
      result: VerifyResult;
      rounds: RoundStep[];
      floats: FloatStep[];
      /** False when the server seed is not 64 lower-case hex characters (ours always are). */
      seedLooksValid: boolean;
    }
  | {
      /** An extended round replayed decision by decision. */
      status: 'extended';
      result: ExtendedVerifyResult;
      rounds: RoundStep[];
      floats: FloatStep[];
      seedLooksValid: boolean;
    };

/** A verification that produced a result (single-round or extended). */
export type VerifiedResult = Extract<Verification, { status: 'ok' | 'extended' }>;

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A schema failure from a game's params (zod's error, recognised by shape: zod stays a games detail). */
function schemaIssues(error: unknown): SchemaIssue[] | null {
  if (!(error instanceof Error) || error.name !== 'ZodError') return null;
  const issues = (error as Error & { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as SchemaIssue[]) : null;
}

/** Schema issues as `path: message` parts, for the params error. */
export function describeSchemaIssues(issues: readonly SchemaIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The HMAC rounds and per-float bytes behind `count` floats. */
export function streamSteps(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): { rounds: RoundStep[]; floats: FloatStep[] } {
  const perRound = BYTES_PER_ROUND / BYTES_PER_FLOAT;
  const rounds: RoundStep[] = [];
  const floats: FloatStep[] = [];
  for (let round = 0; round * perRound < count; round += 1) {
    const bytes = [...roundBytes(serverSeed, clientSeed, nonce, round)];
    rounds.push({ round, message: `${clientSeed}:${nonce}:${round}`, bytes });
    for (let offset = 0; offset < BYTES_PER_ROUND && floats.length < count; offset += BYTES_PER_FLOAT) {
      const group = bytes.slice(offset, offset + BYTES_PER_FLOAT);
      floats.push({ index: floats.length, round, offset, bytes: group, value: bytesToFloat(group) });
    }
  }
  return { rounds, floats };
}

/** Replays a bet from the form's inputs. */
export function computeVerification(input: VerificationInput): Verification {
  const serverSeed = input.serverSeed.trim();
  const clientSeed = input.clientSeed;
  const serverSeedHash = serverSeed ? hashServerSeed(serverSeed) : null;
  if (!serverSeed || !clientSeed) return { status: 'empty', serverSeedHash };
  const fail = (errorKey: string, detail?: string): Verification => ({
    status: 'error',
    errorKey,
    detail,
    serverSeedHash,
  });
  const game = getGame(input.game);
  const extended = game ? undefined : getExtendedGame(input.game);
  if (!game && !extended) {
    // Crash rounds have no seed pair: the Crash tab verifies them from the hash chain.
    return fail(input.game === 'crash' ? 'fairnessUi.errors.crash' : 'fairnessUi.errors.game');
  }
  if (!/^\d{1,15}$/.test(input.nonce.trim())) return fail('fairnessUi.errors.nonce');
  const nonce = Number(input.nonce.trim());
  if (!Number.isSafeInteger(input.edgeBps) || input.edgeBps < 0 || input.edgeBps > MAX_HOUSE_EDGE_BPS) {
    return fail('fairnessUi.errors.edge');
  }
  if (input.paramsErrorKey) return fail(input.paramsErrorKey);
  if (!game) return replayExtended(input, serverSeed, nonce, fail);
  try {
    const result = verify(game.id, serverSeed, clientSeed, nonce, input.params, input.edgeBps);
    const steps = streamSteps(serverSeed, clientSeed, nonce, result.floats.length);
    return { status: 'ok', result, ...steps, seedLooksValid: isServerSeed(serverSeed) };
  } catch (error) {
    const issues = schemaIssues(error);
    if (issues) return fail('fairnessUi.errors.params', describeSchemaIssues(issues));
    return fail('fairnessUi.errors.generic', error instanceof Error ? error.message : String(error));
  }
}

/** The extended branch of {@link computeVerification}: the replay, or the reason it fails. */
function replayExtended(
  input: VerificationInput,
  serverSeed: string,
  nonce: number,
  fail: (errorKey: string, detail?: string) => Verification,
): Verification {
  try {
    const result = verifyExtended(
      input.game,
      serverSeed,
      input.clientSeed,
      nonce,
      input.params,
      input.actions ?? [],
      input.edgeBps,
    );
    const steps = streamSteps(serverSeed, input.clientSeed, nonce, result.floats.length);
    return { status: 'extended', result, ...steps, seedLooksValid: isServerSeed(serverSeed) };
  } catch (error) {
    if (error instanceof ExtendedVerifyError) {
      if (error.reason === 'game') return fail('fairnessUi.errors.game');
      if (error.reason === 'params')
        return fail('fairnessUi.errors.params', describeSchemaIssues(error.issues));
      return fail(`fairnessUi.errors.${error.reason}`, error.message);
    }
    return fail('fairnessUi.errors.generic', error instanceof Error ? error.message : String(error));
  }
}

/** Two lower-case hex digits per byte. */
export function hex(bytes: readonly number[]): string {
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
