/**
 * The VIP programme's calls and live updates (`POST /api/vip`, spec 3 section 7): the levels and the
 * player's deposited and wagered USD. Progress follows settled bets a moment later (the server folds
 * them in batches), so a balance event refreshes it after a short pause; `VipLevelUp` updates the
 * stored level at once and congratulates the player.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VipDataEntry, VipLevelEntry, VipResponse, vipEndpoint } from '@nebula/contracts';
import {
  balanceModificationEventRef,
  vipLevelUpEventRef,
  vipProgress,
  type VipProgress,
} from '@nebula/contracts/constants';
import { api, endpointRef } from '../../lib/api';
import { realtime } from '../../lib/realtime';
import { useAppStore } from '../../lib/store';
import { toast } from '../../ui';
import { useTranslation } from '../../lib/i18n';

const vipRef = endpointRef<typeof vipEndpoint>('POST', '/api/vip');

/** After a balance event, progress is read again this much later (the server's fold lags ~0.5 s). */
export const VIP_REFRESH_DELAY_MS = 1500;

export interface VipView {
  data: Omit<VipDataEntry, 'type'>;
  levels: VipLevelEntry[];
}

/** Splits the answer into its data entry and its level entries (sorted by level). */
export function splitVip(body: VipResponse): VipView {
  let data: VipView['data'] = { deposited: '0', wagered: '0' };
  const levels: VipLevelEntry[] = [];
  for (const entry of body) {
    if (entry.type === 'data') data = { deposited: entry.deposited, wagered: entry.wagered };
    else levels.push(entry);
  }
  levels.sort((a, b) => a.level - b.level);
  return { data, levels };
}

/** The player's progress towards the level after `level` (spec 2 section 4). */
export function progressOf(view: VipView, level: number): VipProgress & { next: VipLevelEntry | undefined } {
  const next = view.levels.find((l) => l.level === level + 1);
  return { ...vipProgress(level, view.data.deposited, view.data.wagered, next), next };
}

export function useVip() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['vip', viewer],
    queryFn: ({ signal }) => api(vipRef, {}, { signal }),
    select: splitVip,
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

/** Keeps VIP progress live while mounted: refresh after bets, level-ups into the store. */
export function useVipLive(): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['vip'] }), delay);
    };
    const offBalance = realtime.on(balanceModificationEventRef, () => refresh(VIP_REFRESH_DELAY_MS));
    const offLevel = realtime.on(vipLevelUpEventRef, (event) => {
      const store = useAppStore.getState();
      if ((store.user?.vipLevel ?? 0) < event.level) store.updateUser({ vipLevel: event.level });
      toast.success(t('profile.levelUp', { level: event.level, name: event.name }), {
        id: `vip-level-${event.level}`,
      });
      refresh(0);
    });
    return () => {
      clearTimeout(timer);
      offBalance();
      offLevel();
    };
  }, [queryClient, t]);
}
