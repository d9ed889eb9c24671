/**
 * "Share to chat" in the bet overview (spec 2 sections 5 to 7): the owner of a finished real bet
 * posts it into the chat channel they read (`POST /api/chat/link_game {id, channel}`); it shows there
 * as a game link message. Not offered to guests, for demo bets or for other players' bets.
 */
import { useState } from 'react';
import { Check, MessageSquareShare } from 'lucide-react';
import type { ChatChannel, chatLinkGameEndpoint } from '@nebula/contracts';
import { IconButton, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { useTranslation } from '../../lib/i18n';

const linkGame = endpointRef<typeof chatLinkGameEndpoint>('POST', '/api/chat/link_game');
const CHAT_CHANNEL = /^(casino|sport|esport)_(en|de)$/;

/** The chat channel the player reads (the store's `channel`, else the casino channel of the language). */
function currentChannel(): ChatChannel {
  const { channel, locale } = useAppStore.getState();
  if (CHAT_CHANNEL.test(channel)) return channel as ChatChannel;
  return locale === 'de' ? 'casino_de' : 'casino_en';
}

export function ShareToChat({ betId }: { betId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const share = async () => {
    if (state !== 'idle') return;
    setState('busy');
    try {
      await api(linkGame, { id: betId, channel: currentChannel() });
      setState('done');
      toast.success(t('betsUi.sharedToChat'), { id: 'bet-share-chat' });
    } catch (error) {
      setState('idle');
      toast.error(isApiError(error) && error.message ? error.message : t('betsUi.shareToChatFailed'), {
        id: 'bet-share-chat',
      });
    }
  };
  return (
    <IconButton
      variant="secondary"
      className="bo-share__btn"
      aria-label={state === 'done' ? t('betsUi.sharedToChat') : t('betsUi.shareToChat')}
      title={state === 'done' ? t('betsUi.sharedToChat') : t('betsUi.shareToChat')}
      disabled={state !== 'idle'}
      onClick={() => void share()}
      data-testid="bet-overview-share-chat"
    >
      {state === 'done' ? <Check size={16} /> : <MessageSquareShare size={16} />}
    </IconButton>
  );
}
