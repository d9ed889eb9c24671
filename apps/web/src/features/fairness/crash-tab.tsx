/**
 * The Crash tab of /fairness: verifies one crash round in the browser (its crash point from the game
 * hash, the chain's salt and the house edge; its place in the chain by hashing forward to the published
 * terminating hash; the public block its salt is the hash of), and lists the published chains and the
 * latest rounds, each linking to its proof.
 *
 * The form shows, per field, the player's edit, else the link's value, else the round as the server
 * published it (loaded by the link's round id), so a short link `?verify=crash-<round>` fills itself in.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CrashChain } from '@nebula/contracts';
import { CRASH_SCHEME, DEFAULT_HOUSE_EDGE_BPS, isCrashScheme } from '@nebula/games';
import { useChainRounds, useCrashRound, useCrashRounds } from './crash-api';
import { ChainCheckCard } from './crash-chain-card';
import { type CrashFields, CrashForm } from './crash-form';
import { type ParsedCrashLink, buildCrashVerifyHref } from './crash-link';
import { CrashChainsCard, CrashRoundsCard } from './crash-lists';
import { CrashResultCard, CrashStepsCard, type RecordState } from './crash-result';
import { SaltBlockCard } from './crash-salt-block';
import { chainInput, computeCrashPoint, normalizeHash } from './crash-verify-model';
import { bpsToPercent, percentToBps } from './params-draft';
import './fairness-crash-texts';
import './crash.css';

function mergeChains(...lists: (readonly CrashChain[] | undefined)[]): CrashChain[] {
  const byId = new Map<number, CrashChain>();
  for (const list of lists)
    for (const chain of list ?? []) if (!byId.has(chain.id)) byId.set(chain.id, chain);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The crash verifier and lists. Remount (key) to load another link. */
export function CrashTab({ link }: { link: ParsedCrashLink | null }) {
  const navigate = useNavigate();
  const round = link?.round ?? null;
  const record = useCrashRound(round);
  const list = useCrashRounds();
  const [edits, setEdits] = useState<Partial<CrashFields>>({});

  const rounds = useMemo(() => list.data?.pages.flatMap((page) => page.rounds) ?? [], [list.data]);
  const chains = useMemo(
    () => mergeChains(list.data?.pages[0]?.chains, record.data?.chains),
    [list.data, record.data],
  );
  const ranges = useChainRounds(chains, rounds);
  const recorded = record.data?.round ?? null;
  const chainId = link?.chainId ?? recorded?.chainId;
  const chainOfRound = chains.find((chain) => chain.id === chainId) ?? null;

  const values: CrashFields = {
    hash: edits.hash ?? link?.hash ?? recorded?.hash ?? '',
    salt: edits.salt ?? link?.salt ?? chainOfRound?.salt ?? '',
    edge: edits.edge ?? bpsToPercent(link?.edgeBps ?? recorded?.houseEdgeBps ?? DEFAULT_HOUSE_EDGE_BPS),
    index: edits.index ?? String(link?.index ?? recorded?.chainIndex ?? ''),
    terminating: edits.terminating ?? chainOfRound?.terminatingHash ?? '',
    // A round is computed with its chain's scheme; a hand-typed round defaults to the current one.
    scheme: edits.scheme ?? link?.scheme ?? recorded?.scheme ?? chainOfRound?.scheme ?? CRASH_SCHEME,
  };
  const hash = normalizeHash(values.hash);
  const edgeBps = percentToBps(values.edge);
  const point = useMemo(
    () => computeCrashPoint(values.hash, values.salt, edgeBps, values.scheme),
    [values.hash, values.salt, edgeBps, values.scheme],
  );
  const published =
    chains.find((chain) => chain.terminatingHash === normalizeHash(values.terminating)) ?? null;
  const input = chainInput(values.hash, values.index, values.terminating, published?.length);

  const recordState: RecordState =
    round === null
      ? 'none'
      : record.isPending
        ? 'loading'
        : record.isError
          ? 'failed'
          : recorded
            ? 'found'
            : 'missing';

  const copyLink =
    round !== null && point.status === 'ok'
      ? async () => {
          const href = buildCrashVerifyHref({
            round,
            hash,
            salt: values.salt.trim(),
            edgeBps,
            ...(isCrashScheme(values.scheme) ? { scheme: values.scheme } : {}),
            ...(chainId !== undefined ? { chainId } : {}),
            ...(/^\d{1,9}$/.test(values.index.trim()) ? { index: Number(values.index.trim()) } : {}),
          });
          await navigator.clipboard?.writeText(`${window.location.origin}${href}`).catch(() => undefined);
        }
      : null;

  return (
    <div className="fv-layout fv-crash" data-testid="crash-tab">
      <CrashForm
        values={values}
        onEdit={(patch) => setEdits((current) => ({ ...current, ...patch }))}
        round={round}
        onLoadRound={(id) => navigate(buildCrashVerifyHref({ round: id }))}
        chains={chains}
        invalid={link?.invalid ?? []}
        onCopyLink={copyLink}
        onReset={() => setEdits({})}
      />
      <div className="fv-results">
        <CrashResultCard
          round={round}
          point={point}
          recorded={recorded && recorded.hash === hash ? recorded : null}
          record={recordState}
        />
        <ChainCheckCard input={input} published={published} />
        <SaltBlockCard chains={chains} known={chainOfRound} salt={values.salt} />
      </div>
      {point.status === 'ok' && (
        <div className="fv-wide">
          <CrashStepsCard steps={point.steps} />
        </div>
      )}
      <div className="fv-wide fv-crash-lists">
        <CrashChainsCard
          chains={chains}
          ranges={ranges}
          current={rounds[0]?.chainId ?? null}
          loading={list.isPending && record.isPending}
        />
        <CrashRoundsCard
          rounds={rounds}
          chains={chains}
          loading={list.isPending}
          failed={list.isError}
          active={round}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      </div>
    </div>
  );
}
