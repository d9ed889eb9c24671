/**
 * The fairness modal of a game (issue F5 item 2): the active server seed's hash, the client seed
 * editor (save reveals the server seed and commits a new one; a failed save re-enables the button,
 * spec 3 section 8), the nonce, 'Rotate seed', and the previous pair revealed with a link that
 * verifies its last bet on /fairness.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Check, Copy, RefreshCw, ShieldCheck } from 'lucide-react';
import type { SeedPairState } from '@nebula/contracts';
import { infoWhisperRef } from '@nebula/contracts/constants';
import { api, isApiError } from '../../lib/api';
import { callWhisper } from '../../lib/realtime-call';
import { useAppStore } from '../../lib/store';
import { Button, EmptyState, IconButton, SkeletonText, openModal, toast, type ModalApi } from '../../ui';
import { buildVerifyHref, extendedOutcomeActions } from '../../features/fairness';
import { frameApi, frameKeys } from './play-api';
import { useTranslation } from '../../lib/i18n';

export const FAIRNESS_MODAL_ID = 'game-fairness';

/** What the verify link knows of the pair's last bet (from its bet overview). */
export interface LastBet {
  game: string;
  params: unknown;
  edgeBps: number;
  /** The decisions of an extended round (mines cells, blackjack moves); undefined for single rounds. */
  actions?: unknown[];
}

/**
 * The /fairness link that verifies the last bet of a revealed pair, or null when the pair settled
 * none. With the bet's overview the link carries its game, params and house edge; without it, the
 * game of this page and the verifier's default params.
 */
export function verifyLink(
  game: string,
  previous: SeedPairState['previous'],
  last?: LastBet | null,
): string | null {
  if (!previous || previous.nonce < 1) return null;
  return buildVerifyHref({
    game: last?.game ?? game,
    serverSeed: previous.serverSeed,
    clientSeed: previous.clientSeed,
    nonce: previous.nonce - 1,
    ...(last ? { params: last.params, edgeBps: last.edgeBps } : {}),
    ...(last?.actions ? { actions: last.actions } : {}),
  });
}

/**
 * The last bet of a revealed pair: the newest of the player's bets with nonce `previous.nonce - 1`
 * whose overview shows that pair's (now revealed) server seed.
 */
export async function findLastBet(previous: NonNullable<SeedPairState['previous']>): Promise<LastBet | null> {
  const { bets } = await api(frameApi.history, { limit: 20 });
  const candidates = bets.filter((bet) => bet.nonce === previous.nonce - 1).slice(0, 3);
  for (const bet of candidates) {
    const overview = await callWhisper(infoWhisperRef, { game_id: bet.id });
    if (overview.info.server_seed === previous.serverSeed) {
      return {
        game: overview.info.game,
        params: overview.info.params,
        edgeBps: overview.info.house_edge_bps,
        actions: extendedOutcomeActions(overview.info.outcome),
      };
    }
  }
  return null;
}

function errorText(error: unknown): string {
  return isApiError(error) || error instanceof Error ? error.message : String(error);
}

function SeedValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="gf-seed">
      <span className="gf-seed__label">{label}</span>
      <div className="gf-seed__value">
        <code data-testid={testId}>{value}</code>
        <IconButton
          size="sm"
          aria-label={copied ? t('gameFrame.fairness.copied') : t('gameFrame.fairness.copy')}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            );
          }}
        >
          {copied ? <Check size={14} /> : <Copy size={14} />}
        </IconButton>
      </div>
    </div>
  );
}

export function FairnessPanel({ game, modal }: { game: string; modal?: ModalApi }) {
  const { t } = useTranslation();
  const userId = useAppStore((state) => state.user?._id ?? null);
  const queryClient = useQueryClient();
  const key = frameKeys.seeds(userId);
  const seeds = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(frameApi.seeds, {}, { signal }),
    staleTime: 0,
    retry: false,
  });
  // What the player typed; null shows the server's client seed.
  const [draft, setDraft] = useState<string | null>(null);
  const seedId = useId();
  const current = seeds.data;
  const clientSeed = draft ?? current?.clientSeed ?? '';

  const save = useMutation({
    mutationFn: (value: string) => api(frameApi.clientSeed, { client_seed: value }),
    onSuccess: (state) => {
      queryClient.setQueryData(key, state);
      setDraft(null);
      toast.success(t('gameFrame.fairness.saved'));
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const rotate = useMutation({
    mutationFn: () => api(frameApi.rotate, {}),
    onSuccess: (state) => {
      queryClient.setQueryData(key, state);
      setDraft(null);
      toast.success(t('gameFrame.fairness.rotated'));
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const previousPair = seeds.data?.previous ?? null;
  const lastBet = useQuery({
    queryKey: ['fairness', 'last-bet', previousPair?.serverSeedHash ?? null],
    queryFn: () => (previousPair ? findLastBet(previousPair) : null),
    enabled: !!previousPair && previousPair.nonce > 0,
    staleTime: Infinity,
    retry: false,
  });
  const link =
    lastBet.isPending && lastBet.fetchStatus !== 'idle' ? null : verifyLink(game, previousPair, lastBet.data);

  function handleSave(event: FormEvent) {
    event.preventDefault();
    const value = clientSeed.trim();
    if (!value || value === current?.clientSeed) return;
    save.mutate(value);
  }

  if (seeds.isPending) {
    return (
      <div className="gf-fair" data-testid="fairness-modal">
        <SkeletonText lines={5} />
      </div>
    );
  }
  if (!current) {
    return (
      <div className="gf-fair" data-testid="fairness-modal">
        <EmptyState tone="error" title={t('gameFrame.fairness.loadFailed')} text={errorText(seeds.error)} />
      </div>
    );
  }
  const previous = current.previous;
  const busy = save.isPending || rotate.isPending;

  return (
    <div className="gf-fair" data-testid="fairness-modal">
      <p className="gf-fair__explain">
        <ShieldCheck size={16} aria-hidden="true" />
        {t('gameFrame.fairness.explain')}
      </p>
      <section className="gf-fair__section">
        <h3>{t('gameFrame.fairness.active')}</h3>
        <SeedValue
          label={t('gameFrame.fairness.serverSeedHash')}
          value={current.serverSeedHash}
          testId="fairness-hash"
        />
        <form className="gf-seed" onSubmit={handleSave}>
          <label className="gf-seed__label" htmlFor={seedId}>
            {t('gameFrame.fairness.clientSeed')}
          </label>
          <div className="gf-seed__edit">
            <input
              id={seedId}
              value={clientSeed}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setDraft(event.target.value)}
              data-testid="fairness-client-seed"
            />
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              disabled={busy || !clientSeed.trim() || clientSeed.trim() === current.clientSeed}
              loading={save.isPending}
              data-testid="fairness-save"
            >
              {t('gameFrame.fairness.save')}
            </Button>
          </div>
        </form>
        <div className="gf-seed gf-seed--inline">
          <span className="gf-seed__label">{t('gameFrame.fairness.nonce')}</span>
          <code className="tabular" data-testid="fairness-nonce">
            {current.nonce}
          </code>
        </div>
        <Button
          fullWidth
          icon={<RefreshCw size={16} />}
          onClick={() => rotate.mutate()}
          disabled={busy}
          loading={rotate.isPending}
          data-testid="fairness-rotate"
        >
          {t('gameFrame.fairness.rotate')}
        </Button>
      </section>
      <section className="gf-fair__section" data-testid="fairness-previous">
        <h3>{t('gameFrame.fairness.previous')}</h3>
        {previous ? (
          <>
            <SeedValue
              label={t('gameFrame.fairness.serverSeed')}
              value={previous.serverSeed}
              testId="fairness-prev-server-seed"
            />
            <SeedValue
              label={t('gameFrame.fairness.serverSeedHash')}
              value={previous.serverSeedHash}
              testId="fairness-prev-hash"
            />
            <SeedValue
              label={t('gameFrame.fairness.clientSeed')}
              value={previous.clientSeed}
              testId="fairness-prev-client-seed"
            />
            <div className="gf-seed gf-seed--inline">
              <span className="gf-seed__label">{t('gameFrame.fairness.lastNonce')}</span>
              <code className="tabular" data-testid="fairness-prev-nonce">
                {previous.nonce > 0 ? previous.nonce - 1 : '—'}
              </code>
            </div>
            {previous.nonce > 0 && !link ? (
              <SkeletonText lines={1} />
            ) : link ? (
              <Link
                to={link}
                className="gf-fair__verify"
                onClick={() => modal?.close()}
                data-testid="fairness-verify-link"
              >
                <ShieldCheck size={16} aria-hidden="true" />
                {t('gameFrame.fairness.verify')}
              </Link>
            ) : (
              <p className="gf-fair__muted">{t('gameFrame.fairness.noBets')}</p>
            )}
          </>
        ) : (
          <p className="gf-fair__muted">{t('gameFrame.fairness.noPrevious')}</p>
        )}
      </section>
    </div>
  );
}

/** Opens the fairness modal of `game`. */
export function openFairnessModal(game: string, title: string): void {
  openModal({
    id: FAIRNESS_MODAL_ID,
    title,
    size: 'md',
    className: 'gf-fair-modal',
    content: (modal) => <FairnessPanel game={game} modal={modal} />,
  });
}
