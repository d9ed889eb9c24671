import type { Database } from '../../db/client.js';
import type { Config } from '../../platform/config.js';
import type { Mailer } from '../mail/index.js';
import { deleteEmailToken, insertEmailToken, newEmailToken } from './email-tokens.repository.js';
import { resetLink, resetPasswordMessage, verifyEmailMessage, verifyLink } from './mail-content.js';

export interface AccountEmailDeps {
  database: Database;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
}

/** Issues a verification token for `email` and mails its link; the token is dropped when sending fails. */
export async function sendVerificationMail(
  deps: AccountEmailDeps,
  user: { id: string; name: string; email: string },
): Promise<void> {
  const { token, hash } = newEmailToken();
  const id = await insertEmailToken(deps.database, {
    userId: user.id,
    purpose: 'verify_email',
    email: user.email,
    tokenHash: hash,
  });
  const url = verifyLink(deps.config.publicUrl, user.id, token);
  try {
    await deps.mailer.send(verifyEmailMessage(user.email, user.name, url, token));
  } catch (err) {
    await deleteEmailToken(deps.database, id);
    throw err;
  }
}

/**
 * Issues a reset token and mails its link in the background: the answer must not wait for the
 * SMTP server, or its timing would tell which accounts exist.
 */
export async function queueResetMail(
  deps: AccountEmailDeps,
  user: { id: string; name: string; email: string },
  token: { token: string; hash: string },
): Promise<void> {
  await insertEmailToken(deps.database, {
    userId: user.id,
    purpose: 'reset_password',
    email: user.email,
    tokenHash: token.hash,
  });
  const url = resetLink(deps.config.publicUrl, user.id, token.token);
  deps.mailer.sendLater(resetPasswordMessage(user.email, user.name, url, token.token));
}
