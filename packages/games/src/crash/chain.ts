import { sha256Hex } from '@nebula/fairness';

/**
 * The crash hash chain. A chain of `length` game hashes is generated backwards from a secret random
 * seed: `hash[length - 1] = seed` and `hash[i] = sha256(hash[i + 1])` (SHA-256 of the previous hash's
 * 64 hex characters as text, as the public crash verifiers do). Games are played from the END of that
 * generation: game 0 of the chain uses `hash[0]`, game 1 `hash[1]`, and so on. The chain's
 * terminating hash `sha256(hash[0])` is published before the first game, so revealing `hash[i]` after
 * game i proves the result was fixed in advance: hashing it `i + 1` times gives the published value,
 * and nobody can compute `hash[i + 1]` from `hash[i]`.
 */

const HASH = /^[0-9a-f]{64}$/;

/** True for 64 lower-case hex characters. */
export function isChainHash(value: string): boolean {
  return HASH.test(value);
}

function checkHash(value: string): void {
  if (!isChainHash(value)) throw new RangeError('a chain hash is 64 lower-case hex characters');
}

/** The previous game's hash: `sha256(hash)` of the hex text. */
export function previousChainHash(hash: string): string {
  checkHash(hash);
  return sha256Hex(hash);
}

/** `sha256` applied `times` times. */
export function hashTimes(hash: string, times: number): string {
  checkHash(hash);
  if (!Number.isSafeInteger(times) || times < 0) throw new RangeError(`bad repeat count ${times}`);
  let h = hash;
  for (let i = 0; i < times; i += 1) h = sha256Hex(h);
  return h;
}

/** The hash of game `index` from a later one we know (`known` at `knownIndex >= index`). */
export function chainHashAt(known: string, knownIndex: number, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index > knownIndex)
    throw new RangeError(`game ${index} cannot be derived from game ${knownIndex}`);
  return hashTimes(known, knownIndex - index);
}

/** The terminating hash published for a chain whose game 0 plays `firstGameHash`. */
export function terminatingHash(firstGameHash: string): string {
  return previousChainHash(firstGameHash);
}

/** A generated chain: where to find any game's hash again without keeping all of them. */
export interface GeneratedChain {
  /** Games in the chain. */
  readonly length: number;
  /** `sha256(hash[0])`: publish it before the first game. */
  readonly terminatingHash: string;
  /**
   * `hash[i]` for every `i` that is a multiple of `every`, and for the last game (the seed). Any game's
   * hash is at most `every - 1` hashes away from the next checkpoint.
   */
  readonly checkpoints: ReadonlyMap<number, string>;
}

/**
 * Walks a chain of `length` games from its secret `seed` (the last game's hash), keeping every
 * `every`-th hash as a checkpoint. Costs `length` SHA-256 computations.
 *
 * @throws RangeError for a malformed seed, a length below 1 or a checkpoint spacing below 1
 */
export function generateChain(seed: string, length: number, every = 1000): GeneratedChain {
  checkHash(seed);
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError(`bad chain length ${length}`);
  if (!Number.isSafeInteger(every) || every < 1) throw new RangeError(`bad checkpoint spacing ${every}`);
  const checkpoints = new Map<number, string>();
  let hash = seed;
  checkpoints.set(length - 1, hash);
  for (let i = length - 2; i >= 0; i -= 1) {
    hash = sha256Hex(hash);
    if (i % every === 0) checkpoints.set(i, hash);
  }
  return { length, terminatingHash: sha256Hex(hash), checkpoints };
}

/**
 * The hash of game `index` from the checkpoints of {@link generateChain}: the nearest checkpoint at or
 * after `index`, hashed down to it.
 *
 * @throws RangeError for an index outside the chain or checkpoints that do not cover it
 */
export function hashFromCheckpoints(
  checkpoints: ReadonlyMap<number, string>,
  length: number,
  index: number,
): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= length)
    throw new RangeError(`game ${index} is outside a chain of ${length}`);
  let best: number | undefined;
  for (const at of checkpoints.keys()) if (at >= index && (best === undefined || at < best)) best = at;
  if (best === undefined) throw new RangeError(`no checkpoint at or after game ${index}`);
  return chainHashAt(checkpoints.get(best) as string, best, index);
}

/**
 * Verifies that `hash` is game `index` of the chain that published `terminating`: hashing it
 * `index + 1` times must give the terminating hash.
 */
export function verifyChainHash(hash: string, index: number, terminating: string): boolean {
  if (!isChainHash(hash) || !isChainHash(terminating)) return false;
  if (!Number.isSafeInteger(index) || index < 0) return false;
  return hashTimes(hash, index + 1) === terminating;
}
