/**
 * The tip and rain modals' chunk: opened by open-tips.ts (chat commands, the profile popup's Tip
 * button), closed on logout.
 */
import { closeModal, openModal } from '../../ui';
import { events } from '../../lib/events';
import { i18n } from '../../lib/i18n';
import { RainModal } from './rain-modal';
import { TipModal } from './tip-modal';
import { registerTipsTexts } from './tips-texts';
import './tips.css';

registerTipsTexts();

export const TIP_MODAL_ID = 'tips-tip';
export const RAIN_MODAL_ID = 'tips-rain';

let opened = 0;

export function openTipModal({ args, channel }: { args?: readonly string[]; channel: string }): void {
  opened += 1;
  openModal({
    id: TIP_MODAL_ID,
    title: i18n.t('tipsUi.tip.title'),
    size: 'sm',
    className: 'tips-modal',
    content: <TipModal key={opened} args={args} channel={channel} />,
  });
}

export function openRainModal({ args, channel }: { args?: readonly string[]; channel: string }): void {
  opened += 1;
  openModal({
    id: RAIN_MODAL_ID,
    title: i18n.t('tipsUi.rain.title'),
    size: 'sm',
    className: 'tips-modal',
    content: <RainModal key={opened} args={args} channel={channel} />,
  });
}

events.on('logout', () => {
  closeModal(TIP_MODAL_ID);
  closeModal(RAIN_MODAL_ID);
});
