/**
 * Chat module: the live chat of spec 2 (channels `{casino|sport|esport}_{en|de}`, history, sending
 * with the length / mute / slow-mode / link / rate rules, emoji packs, ignore, shared bets, likes),
 * its moderation (remove, mute, unmute, quiz) with an audit log, and what other modules use:
 * {@link postServiceMessage} (tips, rain), {@link recentChatters} (rain recipients), {@link isChatChannel}.
 *
 * Files: chat.service.ts (posting rules), chat.repository.ts (messages SQL), chat-limits.ts (slow mode,
 * rate limits), chat-text.ts (normalising, link finding), moderation.ts, quiz.ts (exactly-once prize),
 * player-actions.ts, emoji.ts, chat-audit.ts, chat-settings.ts (operator settings), chat.routes.ts.
 */
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { defineModule } from '../../platform/module.js';
import { chatSettings } from './chat-settings.js';
import { isChatChannel } from './chat-channels.js';
import { pruneChatLimits } from './chat-limits.js';
import { registerChatRoutes } from './chat.routes.js';
import { settleWonQuizzes } from './quiz.js';
import { chatStateOf } from './player-actions.js';

export { isChatChannel } from './chat-channels.js';
export { chatSettings } from './chat-settings.js';
export { postServiceMessage, recentChatters, ChatService } from './chat.service.js';
export { chatStateOf, ignoreListOf } from './player-actions.js';
export { settleQuiz, settleWonQuizzes, startQuiz, tryAnswerQuiz } from './quiz.js';
export { pruneChatLimits } from './chat-limits.js';

/** Leader-only chat jobs: pay and announce quizzes whose winning request stopped half-way; prune limits. */
function chatJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'chat.quiz-repair',
      intervalMs: 60_000,
      runOnElect: true,
      run: async ({ signal }) => {
        await settleWonQuizzes(ctx, signal);
      },
    },
    {
      name: 'chat.prune-limits',
      intervalMs: 10 * 60_000,
      run: () => pruneChatLimits(ctx.database),
    },
  ];
}

export const chatModule = defineModule({
  name: 'chat',
  register: registerChatRoutes,
  settings: chatSettings,
  jobs: chatJobs,
  // The user's record carries its chat state: muted until, ignore list (spec 2 section 3).
  me: chatStateOf,
  // Every chat room is public: guests and players alike may hear it (spec 2 section 6).
  channels: [
    { name: 'chat rooms ({casino|sport|esport}_{en|de})', matches: isChatChannel, canHear: () => true },
  ],
});
