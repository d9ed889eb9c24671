/**
 * Back office player page (`/admin/user/{id}`): the action dialogs — adjust balance (`wallet`, a ledger
 * transfer with a reason, 2FA-confirmed), chat mute (`moderateChat`, the chat's own call), force sign-out
 * (`users`), roles (administrators), lifting a self-exclusion (`users`, the protection module's call) and
 * the account ban and its lifting (`users`, decision 0047). Each is confirmed here and audited by the
 * server (decision 0041).
 */
import { type ReactNode, useMemo, useState } from 'react';
import type {
  PlayerDetail,
  adminAdjustBalanceEndpoint,
  adminBanEndpoint,
  adminLiftExclusionEndpoint,
  adminRolesEndpoint,
  adminSetRolesEndpoint,
  adminSignOutEndpoint,
  adminUnbanEndpoint,
  chatMuteEndpoint,
  currenciesEndpoint,
} from '@nebula/contracts';
import { CHAT_MUTE_MINUTES } from '@nebula/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { Button, toast } from '../../ui';
import { api, endpointRef, isApiError, TWO_FACTOR_REQUIRED } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLoading } from './admin-pages';
import { failure, money, playerKey, unit } from './admin-player-parts';

const adjustRef = endpointRef<typeof adminAdjustBalanceEndpoint>('POST', '/api/admin/user/balance');
const signOutRef = endpointRef<typeof adminSignOutEndpoint>('POST', '/api/admin/user/signOut');
const currenciesRef = endpointRef<typeof currenciesEndpoint>('POST', '/api/data/currencies');
const rolesRef = endpointRef<typeof adminRolesEndpoint>('POST', '/api/admin/roles');
const setRolesRef = endpointRef<typeof adminSetRolesEndpoint>('POST', '/api/admin/user/roles');
const liftRef = endpointRef<typeof adminLiftExclusionEndpoint>('POST', '/api/admin/protection/lift');
const muteRef = endpointRef<typeof chatMuteEndpoint>('POST', '/api/chat/moderate/mute');
const banRef = endpointRef<typeof adminBanEndpoint>('POST', '/api/admin/user/ban');
const unbanRef = endpointRef<typeof adminUnbanEndpoint>('POST', '/api/admin/user/unban');

/** A dialog's reason box (at most 500 characters, as the server takes). */
function ReasonField({
  label,
  hint,
  value,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <label className="pg-field">
      <span>{label}</span>
      <textarea
        rows={3}
        maxLength={500}
        value={value}
        placeholder={hint}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

/** A dialog's error line (nothing while there is none). */
function FormError({ error, testId }: { error: string | null; testId?: string }) {
  return error ? (
    <p className="ap-error" role="alert" data-testid={testId}>
      {error}
    </p>
  ) : null;
}

/** A dialog's footer: Cancel, then its own button(s). */
function FormActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ap-form__actions">
      <Button variant="ghost" onClick={onCancel}>
        {t('adminPlayers.actions.cancel')}
      </Button>
      {children}
    </div>
  );
}

export function AdjustForm({ detail, onDone }: { detail: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const known = useQuery({
    queryKey: ['currencies', 'admin'] as const,
    queryFn: ({ signal }) => api(currenciesRef, {}, { signal }),
    staleTime: 60_000,
  });
  // The player's currencies first, then every other currency of the platform.
  const currencies = useMemo(
    () => [...new Set([...detail.balances.map((b) => b.currency), ...Object.keys(known.data ?? {}), 'usdt'])],
    [detail.balances, known.data],
  );
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [currency, setCurrency] = useState(currencies[0] ?? 'usdt');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One id per dialog: a retried or replayed submit (2FA) moves the money once.
  const [requestId] = useState(() => crypto.randomUUID());
  const real = detail.balances.find((b) => b.currency === currency && b.kind === 'real')?.balance ?? '0';
  const adjust = useMutation({
    mutationFn: () =>
      api(adjustRef, {
        userId: detail.profile._id,
        currency,
        direction,
        amount: amount.trim(),
        reason: reason.trim(),
        requestId,
      }),
    onSuccess: (answer) => {
      toast.success(t('adminPlayers.adjust.done', { amount: money(answer.balance, currency) }));
      onDone();
    },
    onError: (err) => {
      if (isApiError(err) && err.code === TWO_FACTOR_REQUIRED) return;
      setError(failure(err));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKey(detail.profile._id) }),
  });
  return (
    <form
      className="ap-form"
      data-testid="adjust-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!amount.trim() || reason.trim().length < 3) {
          setError(t('adminPlayers.adjust.required'));
          return;
        }
        setError(null);
        adjust.mutate();
      }}
    >
      <p className="ap-form__text">{t('adminPlayers.adjust.text')}</p>
      <div className="ap-segment" role="radiogroup" aria-label={t('adminPlayers.adjust.title')}>
        {(['credit', 'debit'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={direction === d}
            className={clsx('ap-segment__item', direction === d && `is-active is-${d}`)}
            onClick={() => setDirection(d)}
            data-testid={`adjust-${d}`}
          >
            {d === 'credit' ? <ArrowDownToLine size={14} /> : <ArrowUpFromLine size={14} />}
            {t(`adminPlayers.adjust.${d}`)}
          </button>
        ))}
      </div>
      <div className="ap-form__row">
        <label className="pg-field">
          <span>{t('adminPlayers.adjust.currency')}</span>
          <select
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            data-testid="adjust-currency"
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {unit(c)}
              </option>
            ))}
          </select>
        </label>
        <label className="pg-field">
          <span>{t('adminPlayers.adjust.amount')}</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            placeholder="0.00"
            className="pg-mono"
            onChange={(event) => setAmount(event.target.value)}
            data-testid="adjust-amount"
          />
        </label>
      </div>
      <p className="ap-form__hint">{t('adminPlayers.adjust.current', { amount: money(real, currency) })}</p>
      <ReasonField
        label={t('adminPlayers.adjust.reason')}
        hint={t('adminPlayers.adjust.reasonHint')}
        value={reason}
        onChange={setReason}
        testId="adjust-reason"
      />
      <FormError error={error} testId="adjust-error" />
      <FormActions onCancel={onDone}>
        <Button
          type="submit"
          variant={direction === 'debit' ? 'danger' : 'primary'}
          loading={adjust.isPending}
          data-testid="adjust-submit"
        >
          {t('adminPlayers.adjust.submit')}
        </Button>
      </FormActions>
    </form>
  );
}

export function MuteForm({ detail, onDone }: { detail: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState<number>(60);
  const mute = useMutation({
    mutationFn: () => api(muteRef, { id: detail.profile._id, minutes }),
    onSuccess: () => {
      toast.success(t('adminPlayers.actions.muted'));
      onDone();
    },
    onError: (err) => toast.error(failure(err)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKey(detail.profile._id) }),
  });
  return (
    <form
      className="ap-form"
      data-testid="mute-form"
      onSubmit={(event) => {
        event.preventDefault();
        mute.mutate();
      }}
    >
      <label className="pg-field">
        <span>{t('adminPlayers.actions.muteFor')}</span>
        <select value={minutes} onChange={(event) => setMinutes(Number(event.target.value))}>
          {CHAT_MUTE_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t(`adminPlayers.actions.minutes.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <FormActions onCancel={onDone}>
        <Button type="submit" variant="danger" loading={mute.isPending} data-testid="mute-submit">
          {t('adminPlayers.actions.mute')}
        </Button>
      </FormActions>
    </form>
  );
}

export function SignOutForm({ detail, onDone }: { detail: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => api(signOutRef, { userId: detail.profile._id }),
    onSuccess: (answer) => {
      toast.success(t('adminPlayers.actions.signedOut', { count: answer.revoked }));
      onDone();
    },
    onError: (err) => toast.error(failure(err)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKey(detail.profile._id) }),
  });
  return (
    <div className="ap-form">
      <p className="ap-form__text">{t('adminPlayers.actions.signOutText', { name: detail.profile.name })}</p>
      <FormActions onCancel={onDone}>
        <Button
          variant="danger"
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
          data-testid="signout-submit"
        >
          {t('adminPlayers.actions.confirm')}
        </Button>
      </FormActions>
    </div>
  );
}

export function RolesForm({ detail, onDone }: { detail: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const catalogue = useQuery({
    queryKey: ['admin', 'roles'] as const,
    queryFn: ({ signal }) => api(rolesRef, {}, { signal }),
  });
  const [chosen, setChosen] = useState<string[]>(detail.profile.roles);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api(setRolesRef, { userId: detail.profile._id, roles: chosen }),
    onSuccess: () => {
      toast.success(t('adminPlayers.roles.saved'));
      onDone();
    },
    onError: (err) => setError(failure(err)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKey(detail.profile._id) }),
  });
  const toggle = (id: string) =>
    setChosen((roles) => (roles.includes(id) ? roles.filter((r) => r !== id) : [...roles, id]));
  return (
    <form
      className="ap-form"
      data-testid="roles-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) {
          setError(t('adminPlayers.roles.required'));
          return;
        }
        save.mutate();
      }}
    >
      <p className="ap-form__text">{t('adminPlayers.roles.text')}</p>
      {catalogue.isPending ? (
        <AdminLoading rows={3} />
      ) : (
        <ul className="ap-checks">
          {(catalogue.data?.roles ?? []).map((role) => (
            <li key={role.id}>
              <label className="ap-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(role.id)}
                  onChange={() => toggle(role.id)}
                  data-testid={`role-${role.id}`}
                />
                <span>
                  <strong>{role.name}</strong>
                  <code>{role.id}</code>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FormError error={error} />
      <FormActions onCancel={onDone}>
        <Button type="submit" loading={save.isPending} data-testid="roles-submit">
          {t('adminPlayers.roles.save')}
        </Button>
      </FormActions>
    </form>
  );
}

export function LiftForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lift = useMutation({
    mutationFn: () => api(liftRef, { userId, reason: reason.trim() }),
    onSuccess: () => {
      toast.success(t('adminPlayers.lift.done'));
      onDone();
    },
    onError: (err) => setError(failure(err)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'protection', userId] });
      void queryClient.invalidateQueries({ queryKey: playerKey(userId) });
    },
  });
  return (
    <form
      className="ap-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim().length < 3) {
          setError(t('adminPlayers.lift.required'));
          return;
        }
        lift.mutate();
      }}
    >
      <p className="ap-form__text">{t('adminPlayers.lift.text')}</p>
      <ReasonField label={t('adminPlayers.adjust.reason')} value={reason} onChange={setReason} />
      <FormError error={error} />
      <FormActions onCancel={onDone}>
        <Button type="submit" variant="danger" loading={lift.isPending}>
          {t('adminPlayers.lift.submit')}
        </Button>
      </FormActions>
    </form>
  );
}

/** Bans the account (`lift` false: every session ends, sign-in refused) or lifts the ban, with a reason. */
export function BanForm({
  detail,
  lift,
  onDone,
}: {
  detail: PlayerDetail;
  lift: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const userId = detail.profile._id;
  const save = useMutation({
    mutationFn: async () => {
      if (lift) {
        await api(unbanRef, { userId, reason: reason.trim() });
        return null;
      }
      return (await api(banRef, { userId, reason: reason.trim() })).revoked;
    },
    onSuccess: (revoked) => {
      toast.success(
        revoked === null ? t('adminPlayers.ban.lifted') : t('adminPlayers.ban.done', { count: revoked }),
      );
      onDone();
    },
    onError: (err) => setError(failure(err)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: playerKey(userId) }),
  });
  return (
    <form
      className="ap-form"
      data-testid="ban-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim().length < 3) {
          setError(t('adminPlayers.ban.required'));
          return;
        }
        setError(null);
        save.mutate();
      }}
    >
      <p className="ap-form__text">
        {t(lift ? 'adminPlayers.ban.unbanText' : 'adminPlayers.ban.banText', { name: detail.profile.name })}
      </p>
      <ReasonField
        label={t('adminPlayers.ban.reason')}
        hint={t('adminPlayers.ban.reasonHint')}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
        testId="ban-reason"
      />
      <FormError error={error} testId="ban-error" />
      <FormActions onCancel={onDone}>
        <Button
          type="submit"
          variant={lift ? 'primary' : 'danger'}
          loading={save.isPending}
          data-testid="ban-submit"
        >
          {t(lift ? 'adminPlayers.ban.unbanSubmit' : 'adminPlayers.ban.submit')}
        </Button>
      </FormActions>
    </form>
  );
}
