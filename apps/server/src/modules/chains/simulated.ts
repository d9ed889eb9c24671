/**
 * The simulated chain: transfers live in the `sim_chain_txs` table. It stands in for every chain
 * that has no real node configured (the embedded demo, development, tests) so that a development
 * deposit travels the same pipeline as a real one: detection, growing confirmations, credit.
 *
 * Blocks are a clock: height = floor(now / blockMs), one block every 2 s by default. A new transfer
 * is put in the NEXT block, so it shows 0 confirmations first and gains one per block. A block's hash
 * is 32 random bytes drawn the first time anyone reads the block once its slot has begun, and kept in
 * `sim_chain_blocks` (the same for every node and every later read); the hash of a future block does
 * not exist yet.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { ChainSpec } from './specs.js';
import type { ChainBlock, ChainTransfer, ScanResult } from './types.js';

export const SIM_BLOCK_MS = 2_000;

interface SimRow {
  txid: string;
  output_index: number;
  currency: string;
  to_address: string;
  amount: string;
  chain_decimals: number;
  block_number: string;
}

export class SimulatedSource {
  constructor(
    private readonly spec: ChainSpec,
    private readonly database: Database,
    private readonly blockMs = SIM_BLOCK_MS,
  ) {}

  height(now = Date.now()): bigint {
    return BigInt(Math.floor(now / this.blockMs));
  }

  currentHeight(): Promise<bigint> {
    return Promise.resolve(this.height());
  }

  /** Block `height` once its slot has begun (its hash drawn on the first read), else null. */
  async blockAt(height: bigint): Promise<ChainBlock | null> {
    if (height < 0n || height > this.height()) return null;
    const raw = randomBytes(32).toString('hex');
    await this.database.query(
      'insert into sim_chain_blocks (chain, height, hash) values ($1, $2, $3) on conflict do nothing',
      [this.spec.id, height.toString(), this.spec.family === 'evm' ? `0x${raw}` : raw],
    );
    const rows = await this.database.query<{ hash: string }>(
      'select hash from sim_chain_blocks where chain = $1 and height = $2',
      [this.spec.id, height.toString()],
    );
    const hash = rows[0]?.hash;
    if (!hash) throw new Error(`simulated block ${this.spec.id}:${height} not stored`);
    return { height, hash, time: new Date(Number(height) * this.blockMs) };
  }

  #toTransfer(r: SimRow, head: bigint): ChainTransfer {
    const block = BigInt(r.block_number);
    const confirmations = head >= block ? Number(head - block + 1n) : 0;
    return {
      chain: this.spec.id,
      txid: r.txid,
      index: r.output_index,
      to: r.to_address,
      currency: r.currency,
      token: null,
      amount: BigInt(r.amount),
      chainDecimals: r.chain_decimals,
      blockNumber: confirmations > 0 ? block : null,
      confirmations,
    };
  }

  async findTransfersTo(addresses: readonly string[], sinceBlock?: bigint): Promise<ScanResult> {
    const head = this.height();
    const from = sinceBlock ?? head - 100n;
    if (addresses.length === 0) return { transfers: [], nextBlock: head + 1n };
    const rows = await this.database.query<SimRow>(
      `select txid, output_index, currency, to_address, amount::text as amount, chain_decimals,
              block_number::text as block_number
         from sim_chain_txs where chain = $1 and block_number >= $2 and to_address = any($3::text[])
        order by id limit 1000`,
      [this.spec.id, from.toString(), addresses],
    );
    return { transfers: rows.map((r) => this.#toTransfer(r, head)), nextBlock: head + 1n };
  }

  async getTransaction(txid: string): Promise<ChainTransfer[]> {
    if (txid.length > 128) return [];
    const rows = await this.database.query<SimRow>(
      `select txid, output_index, currency, to_address, amount::text as amount, chain_decimals,
              block_number::text as block_number
         from sim_chain_txs where chain = $1 and txid = $2 order by output_index`,
      [this.spec.id, txid.toLowerCase()],
    );
    const head = this.height();
    return rows.map((r) => this.#toTransfer(r, head));
  }

  /** Broadcasts a simulated transfer (amount in chain units); it is mined in the next block. */
  async broadcast(input: {
    to: string;
    currency: string;
    amount: bigint;
    chainDecimals: number;
  }): Promise<{ txid: string; blockNumber: bigint }> {
    if (input.amount <= 0n) throw new Error('a simulated transfer needs a positive amount');
    const raw = randomBytes(32).toString('hex');
    const txid = this.spec.family === 'evm' ? `0x${raw}` : raw;
    const blockNumber = this.height() + 1n;
    await this.database.query(
      `insert into sim_chain_txs (chain, txid, output_index, currency, to_address, amount, chain_decimals, block_number)
       values ($1, $2, 0, $3, $4, $5::numeric, $6, $7)`,
      [
        this.spec.id,
        txid,
        input.currency,
        input.to,
        input.amount.toString(),
        input.chainDecimals,
        blockNumber.toString(),
      ],
    );
    return { txid, blockNumber };
  }
}
