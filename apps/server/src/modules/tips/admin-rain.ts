/**
 * The bot rain schedule for the back office's chat screen (decision 0045): the `tips` setting's bot
 * part in force and the bot_rain_slots of the last 24 hours and the ones planned. Read-only.
 */
import type { AdminBotRainSlot } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { AppContext } from '../../platform/context.js';
import { loadTipsSettings } from './settings.js';

interface SlotRow {
  day: Date | string;
  slot: number;
  due_at: Date | string;
  currency: string;
  amount: string;
  decimals: number | null;
  recipients: number;
  status: AdminBotRainSlot['status'];
  note: string | null;
}

export async function botRainSchedule(ctx: AppContext) {
  const { bot } = await loadTipsSettings(ctx);
  const rows = await ctx.database.query<SlotRow>(
    `select s.day, s.slot, s.due_at, s.currency, s.amount::text as amount, c.decimals, s.recipients, s.status, s.note
       from bot_rain_slots s left join currencies c on c.id = s.currency
      where s.due_at >= now() - interval '24 hours'
      order by s.due_at, s.slot limit 200`,
  );
  return {
    bot: {
      enabled: bot.enabled,
      perDayMin: bot.perDayMin,
      perDayMax: bot.perDayMax,
      recipientsMin: bot.recipientsMin,
      recipientsMax: bot.recipientsMax,
      depositHours: bot.depositHours,
      amounts: bot.amounts,
      channels: [...bot.channels],
    },
    slots: rows.map((r): AdminBotRainSlot => ({
      day: new Date(r.day).toISOString().slice(0, 10),
      slot: r.slot,
      dueAt: new Date(r.due_at).toISOString(),
      currency: r.currency,
      amount: r.decimals === null ? r.amount : toDecimalString(BigInt(r.amount), r.decimals),
      recipients: r.recipients,
      status: r.status,
      note: r.note,
    })),
  };
}
