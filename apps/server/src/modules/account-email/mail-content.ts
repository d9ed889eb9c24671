import { renderActionEmail, type MailMessage } from '../mail/index.js';

/** The e-mails this module sends. Links: /email/{user}/{token} and /password/reset/{user}/{token} (spec 1). */
export const verifyLink = (publicUrl: string, userId: string, token: string) =>
  `${publicUrl}/email/${userId}/${token}`;
export const resetLink = (publicUrl: string, userId: string, token: string) =>
  `${publicUrl}/password/reset/${userId}/${token}`;

export function verifyEmailMessage(to: string, name: string, url: string, token: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address',
    secrets: [token],
    ...renderActionEmail({
      title: 'Confirm your e-mail address',
      intro: [`Hi ${name},`, 'Please confirm that this is the e-mail address of your Nebula account.'],
      buttonLabel: 'Confirm e-mail',
      url,
      outro: [
        'The link works once and expires in 24 hours.',
        'If you did not ask for this, ignore this e-mail.',
      ],
    }),
  };
}

export function resetPasswordMessage(to: string, name: string, url: string, token: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    secrets: [token],
    ...renderActionEmail({
      title: 'Reset your password',
      intro: [`Hi ${name},`, 'Someone asked to reset the password of your Nebula account.'],
      buttonLabel: 'Choose a new password',
      url,
      outro: [
        'The link works once and expires in 1 hour. Using it signs you out on every device.',
        'If you did not ask for this, ignore this e-mail: your password stays the same.',
      ],
    }),
  };
}

export function emailChangedMessage(
  to: string,
  name: string,
  newEmail: string,
  publicUrl: string,
): MailMessage {
  return {
    to,
    subject: 'Your e-mail address was changed',
    ...renderActionEmail({
      title: 'Your e-mail address was changed',
      intro: [
        `Hi ${name},`,
        `The e-mail address of your Nebula account was changed to ${newEmail}.`,
        'If this was not you, secure your account now: reset your password and contact support.',
      ],
      buttonLabel: 'Open Nebula',
      url: publicUrl,
      outro: [],
    }),
  };
}
