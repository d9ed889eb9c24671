/**
 * Back office player page (`/admin/user/{id}`): the cards — profile, balances per currency and account
 * kind, VIP progress, protection record, ledger history, bets, deposits with addresses, withdrawals,
 * bonuses, linked accounts, sessions and the staff actions on the player. Read-only apart from the
 * protection card's "lift" (a dialog of admin-player-dialogs.tsx).
 */
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlayerDetail, adminProtectionEndpoint, staffAuditEndpoint } from '@nebula/contracts';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Crown,
  Dices,
  Gift,
  Link2,
  MonitorSmartphone,
  ReceiptText,
  ShieldCheck,
  UserRound,
  Wallet,
  ScrollText,
} from 'lucide-react';
import { Button } from '../../ui';
import { api, endpointRef } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { usePermission } from '../../lib/store';
import { AdminLoading } from './admin-pages';
import { LiftForm } from './admin-player-dialogs';
import { Card, Empty, MiniTable, Signed, money, openDialog, playerKey, unit } from './admin-player-parts';
import { formatAdminDate } from './format';

const protectionRef = endpointRef<typeof adminProtectionEndpoint>('POST', '/api/admin/protection');
const auditRef = endpointRef<typeof staffAuditEndpoint>('POST', '/api/admin/audit');

export function ProfileCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const p = detail.profile;
  const none = t('adminPlayers.page.none');
  const privacy = [
    p.privateProfile && t('adminPlayers.page.privateProfile'),
    p.privateBets && t('adminPlayers.page.privateBets'),
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, ReactNode][] = [
    [t('adminPlayers.page.email'), p.email ?? none],
    [t('adminPlayers.page.registered'), formatAdminDate(p.created_at)],
    [t('adminPlayers.page.wallet'), p.walletAddress ? <code>{p.walletAddress}</code> : none],
    [t('adminPlayers.page.telegram'), p.telegram ? t('adminPlayers.page.yes') : none],
    [t('adminPlayers.page.ip'), p.registrationIp ? <code>{p.registrationIp}</code> : none],
    [
      t('adminPlayers.page.invitedBy'),
      p.invitedBy ? (
        <Link to={`/admin/user/${p.invitedBy._id}`} target="_blank" rel="noopener">
          {p.invitedBy.name}
        </Link>
      ) : (
        none
      ),
    ],
    [t('adminPlayers.page.privacy'), privacy || t('adminPlayers.page.public')],
  ];
  return (
    <Card title={t('adminPlayers.page.profile')} icon={<UserRound size={16} />} testId="player-profile">
      <dl className="ap-dl">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function BalancesCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const byCurrency = useMemo(() => {
    const map = new Map<string, { kind: string; balance: string }[]>();
    for (const b of detail.balances) map.set(b.currency, [...(map.get(b.currency) ?? []), b]);
    return [...map.entries()];
  }, [detail.balances]);
  return (
    <Card title={t('adminPlayers.page.balances')} icon={<Wallet size={16} />} testId="player-balances">
      {byCurrency.length === 0 ? (
        <Empty text={t('adminPlayers.page.noBalances')} />
      ) : (
        <ul className="ap-balances">
          {byCurrency.map(([currency, kinds]) => (
            <li key={currency} className="ap-balance">
              <span className="ap-balance__cur">{unit(currency)}</span>
              <span className="ap-balance__kinds">
                {kinds.map((k) => (
                  <span
                    key={k.kind}
                    className={clsx('ap-balance__kind', k.kind === 'real' && 'is-real')}
                    data-testid="player-balance"
                    data-currency={currency}
                    data-kind={k.kind}
                  >
                    <small>{t(`adminPlayers.page.kinds.${k.kind}`, { defaultValue: k.kind })}</small>
                    <strong className="pg-mono">{k.balance}</strong>
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Progress({ label, value, target }: { label: string; value: string; target: string | null }) {
  const ratio = target && Number(target) > 0 ? Math.min(1, Number(value) / Number(target)) : 1;
  return (
    <div className="ap-progress">
      <div className="ap-progress__head">
        <span>{label}</span>
        <span className="pg-mono">
          ${value}
          {target && <small> / ${target}</small>}
        </span>
      </div>
      <div className="ap-progress__bar">
        <span style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
    </div>
  );
}

export function VipCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const { vip } = detail;
  return (
    <Card title={t('adminPlayers.page.vip')} icon={<Crown size={16} />} testId="player-vip">
      <p className="ap-vip-level">
        <strong>{vip.level}</strong>
        <span>
          {vip.next
            ? t('adminPlayers.page.nextLevel', { name: vip.next.name, level: vip.next.level })
            : t('adminPlayers.page.topLevel')}
        </span>
      </p>
      <Progress
        label={t('adminPlayers.page.deposited')}
        value={vip.deposited}
        target={vip.next?.depositRequirement ?? null}
      />
      <Progress
        label={t('adminPlayers.page.wagered')}
        value={vip.wagered}
        target={vip.next?.wagerRequirement ?? null}
      />
    </Card>
  );
}

export function ProtectionCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'protection', userId] as const,
    queryFn: ({ signal }) => api(protectionRef, { userId }, { signal }),
  });
  const record = query.data;
  const canLift = usePermission('users');
  const liftable = record?.block?.indefinite === true && record.block.liftedAt === null;
  return (
    <Card
      title={t('adminPlayers.page.protection')}
      icon={<ShieldCheck size={16} />}
      testId="player-protection"
    >
      {query.isPending ? (
        <AdminLoading rows={2} />
      ) : !record ? (
        <Empty text={t('adminPlayers.page.loadFailed')} />
      ) : (
        <>
          {record.block ? (
            <p className="ap-block" data-testid="player-block">
              <span className="pg-tag ap-state ap-state--self_exclusion">
                {t(`adminPlayers.state.${record.block.type}`)}
              </span>
              {record.block.until
                ? t('adminPlayers.page.blockUntil', { date: formatAdminDate(record.block.until) })
                : t('adminPlayers.page.indefinite')}
              {canLift && liftable && (
                <Button
                  size="sm"
                  variant="secondary"
                  className="ap-block__lift"
                  onClick={() =>
                    openDialog('admin-lift', t('adminPlayers.lift.title'), (done) => (
                      <LiftForm userId={userId} onDone={done} />
                    ))
                  }
                >
                  {t('adminPlayers.lift.title')}
                </Button>
              )}
            </p>
          ) : (
            <p className="ap-ok">{t('adminPlayers.page.noBlock')}</p>
          )}
          {record.limits.length === 0 ? (
            <Empty text={t('adminPlayers.page.noLimits')} />
          ) : (
            <ul className="ap-limits">
              {record.limits.map((l) => (
                <li key={`${l.kind}:${l.period}`}>
                  <span>
                    {l.kind} · {l.period}
                  </span>
                  <span className="pg-mono">
                    {l.used} / {money(l.amount, l.currency)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {record.sessionLimitMinutes !== null && (
            <p className="ap-muted">
              {t('adminPlayers.page.sessionLimit', { minutes: record.sessionLimitMinutes })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

export function LedgerCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`adminPlayers.page.cols.${key}`);
  return (
    <Card title={t('adminPlayers.page.ledger')} icon={<ReceiptText size={16} />} testId="player-ledger" wide>
      {detail.ledger.length === 0 ? (
        <Empty text={t('adminPlayers.page.noLedger')} />
      ) : (
        <MiniTable
          testId="player-ledger-table"
          head={[c('time'), c('kind'), c('account'), c('amount')]}
          rows={detail.ledger.map((m) => [
            <span className="al-nowrap">{formatAdminDate(m.created_at)}</span>,
            <code className="al-action">{m.kind}</code>,
            t(`adminPlayers.page.kinds.${m.account}`, { defaultValue: m.account }),
            <Signed amount={m.amount} currency={m.currency} />,
          ])}
        />
      )}
    </Card>
  );
}

export function BetsCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`adminPlayers.page.cols.${key}`);
  return (
    <Card title={t('adminPlayers.page.bets')} icon={<Dices size={16} />} testId="player-bets" wide>
      {detail.bets.length === 0 ? (
        <Empty text={t('adminPlayers.page.noBets')} />
      ) : (
        <MiniTable
          testId="player-bets-table"
          head={[c('time'), c('game'), c('wager'), c('payout')]}
          rows={detail.bets.map((b) => [
            <span className="al-nowrap">{formatAdminDate(b.created_at)}</span>,
            <span>
              {b.game} <small className="ap-muted">{b.product}</small>
              {b.demo && <span className="pg-tag">{t('adminPlayers.page.demo')}</span>}
            </span>,
            <span className="pg-mono">{money(b.wager, b.currency)}</span>,
            <span className={clsx('pg-mono', Number(b.payout) > Number(b.wager) ? 'ap-num--in' : 'ap-muted')}>
              {money(b.payout, b.currency)}
            </span>,
          ])}
        />
      )}
    </Card>
  );
}

export function PaymentsCards({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`adminPlayers.page.cols.${key}`);
  return (
    <>
      <Card
        title={t('adminPlayers.page.deposits')}
        icon={<ArrowDownToLine size={16} />}
        testId="player-deposits"
      >
        {detail.deposits.length === 0 ? (
          <Empty text={t('adminPlayers.page.noDeposits')} />
        ) : (
          <MiniTable
            testId="player-deposits-table"
            head={[c('time'), c('amount'), c('status')]}
            rows={detail.deposits.map((d) => [
              <span className="al-nowrap">{formatAdminDate(d.created_at)}</span>,
              <span className="pg-mono">
                {money(d.sum, d.currency)} <small className="ap-muted">{d.chain}</small>
              </span>,
              <span className={clsx('pg-tag', d.status === 1 && 'pg-tag--accent')}>
                {t(`adminPlayers.page.depositStatus.${d.status}`)}
                {d.status === 0 && ` ${d.confirmations}/${d.required_confirmations}`}
              </span>,
            ])}
          />
        )}
        {detail.addresses.length > 0 && (
          <div className="ap-addresses">
            <h3>{t('adminPlayers.page.addresses')}</h3>
            <ul>
              {detail.addresses.map((a) => (
                <li key={a.chain}>
                  <span className="pg-tag">{a.chain}</span>
                  <code title={a.address}>{a.address}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      <Card
        title={t('adminPlayers.page.withdrawals')}
        icon={<ArrowUpFromLine size={16} />}
        testId="player-withdrawals"
      >
        {detail.withdrawals.length === 0 ? (
          <Empty text={t('adminPlayers.page.noWithdrawals')} />
        ) : (
          <MiniTable
            testId="player-withdrawals-table"
            head={[c('time'), c('amount'), c('status')]}
            rows={detail.withdrawals.map((w) => [
              <span className="al-nowrap">{formatAdminDate(w.created_at)}</span>,
              <span className="pg-mono" title={w.address}>
                {money(w.sum, w.currency)} <small className="ap-muted">{w.chain}</small>
              </span>,
              <span className={clsx('pg-tag', w.status === 1 && 'pg-tag--accent')}>
                {t(`adminPlayers.page.withdrawStatus.${w.status}`)}
              </span>,
            ])}
          />
        )}
      </Card>
    </>
  );
}

export function BonusesCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`adminPlayers.page.cols.${key}`);
  return (
    <Card title={t('adminPlayers.page.bonuses')} icon={<Gift size={16} />} testId="player-bonuses">
      {detail.bonuses.length === 0 ? (
        <Empty text={t('adminPlayers.page.noBonuses')} />
      ) : (
        <MiniTable
          testId="player-bonuses-table"
          head={[c('source'), c('amount'), c('wagering'), c('status')]}
          rows={detail.bonuses.map((b) => [
            b.source,
            <span className="pg-mono">{money(b.amount, b.currency)}</span>,
            <span className="pg-mono">
              {b.wageringDone} / {b.wageringRequired}
            </span>,
            <span className={clsx('pg-tag', b.status === 'active' && 'pg-tag--accent')}>{b.status}</span>,
          ])}
        />
      )}
    </Card>
  );
}

export function LinkedCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('adminPlayers.page.linked')} icon={<Link2 size={16} />} testId="player-linked">
      <p className="ap-muted">{t('adminPlayers.page.linkedHint')}</p>
      {detail.linked.length === 0 ? (
        <Empty text={t('adminPlayers.page.noLinked')} />
      ) : (
        <ul className="ap-list">
          {detail.linked.map((l) => (
            <li key={l._id}>
              <Link to={`/admin/user/${l._id}`} target="_blank" rel="noopener">
                {l.name}
              </Link>
              <small>{formatAdminDate(l.created_at)}</small>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SessionsCard({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('adminPlayers.page.sessions')}
      icon={<MonitorSmartphone size={16} />}
      testId="player-sessions"
    >
      {detail.sessions.length === 0 ? (
        <Empty text={t('adminPlayers.page.noSessions')} />
      ) : (
        <ul className="ap-list">
          {detail.sessions.map((s) => (
            <li key={s._id}>
              <span className="ap-session">
                <strong>{s.ip ?? '—'}</strong>
                <small title={s.userAgent ?? ''}>{s.userAgent ?? '—'}</small>
              </span>
              <small>{t('adminPlayers.page.lastSeen', { date: formatAdminDate(s.lastSeenAt) })}</small>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What staff did to this player (the audit log's entries with this player as the target; administrators). */
export function StaffActionsCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...playerKey(userId), 'audit'] as const,
    queryFn: ({ signal }) => api(auditRef, { targetType: 'user', targetId: userId, limit: 20 }, { signal }),
  });
  const entries = query.data?.entries ?? [];
  return (
    <Card title={t('adminPlayers.page.staffActions')} icon={<ScrollText size={16} />} testId="player-audit">
      {query.isPending ? (
        <AdminLoading rows={2} />
      ) : entries.length === 0 ? (
        <Empty text={t('adminPlayers.page.noStaffActions')} />
      ) : (
        <ul className="ap-list">
          {entries.map((e) => (
            <li key={e.id} data-testid="player-audit-entry" data-action={e.action}>
              <span className="ap-session">
                <code className="al-action">{e.action}</code>
                <small title={typeof e.details.reason === 'string' ? e.details.reason : ''}>
                  {e.actor.name}
                  {typeof e.details.reason === 'string' ? ` · ${e.details.reason}` : ''}
                </small>
              </span>
              <small>{formatAdminDate(e.created_at)}</small>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
