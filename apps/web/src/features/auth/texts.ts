/**
 * Texts of the identity feature that are not in the shared locale files yet (keys under `auth.`,
 * `email.` and `general.`), merged into i18n in English and German when the feature loads: every
 * module of the feature that uses them imports this one (it registers them on import), so they stay
 * out of the first visit.
 */
import { addTranslations } from '../../lib/i18n';

export const authTextsEn = {
  general: {
    profile: {
      error_2fa: 'The two-factor code is not valid. Check your authenticator app and try again.',
    },
  },
  auth: {
    subtitle: 'Sign in to play, deposit and chat.',
    registerSubtitle: 'Create your account in seconds.',
    submitLogin: 'Log in',
    submitRegister: 'Create account',
    orUse: 'or',
    walletConnect: 'Connect a wallet',
    walletConnectText: 'Sign in with a browser wallet. Social sign-in works through a wallet connection.',
    walletConnectSoon: 'Coming soon',
    walletUnavailable: 'This wallet connection is not available yet.',
    socialWith: 'Continue with {{name}}',
    locked: 'Too many failed attempts. Try again in a few minutes.',
    captchaAgain: 'Please solve the captcha again.',
    captchaLabel: "I'm not a robot",
    captchaVerifying: 'Verifying...',
    captchaVerified: 'Verified',
    captchaError: 'Verification failed. Try again.',
    captchaExpired: 'Verification expired. Try again.',
    wrongCredentials: 'Wrong login or password.',
    forgotTitle: 'Forgot password',
    forgotField: 'Email or login',
    forgotSubmit: 'Send reset link',
    backToLogin: 'Back to log in',
    confirmPassword: 'Confirm new password',
    passwordMismatch: 'The passwords do not match.',
    setPassword: 'Set new password',
    resetTitle: 'Choose a new password',
    resetText: 'Enter a new password for your account. You will be signed in afterwards.',
    resetLinkInvalid: 'This password reset link is invalid or has expired.',
    twoFactorSending: '…',
    twoFactorLocked: 'Too many wrong codes. Try again in a few minutes.',
    sessionExpiredSignIn: 'Your session has expired. Please sign in again.',
    saveEmail: 'Save email',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    terms: 'Terms and Conditions',
  },
  email: {
    confirming: 'Confirming your email address...',
  },
};

export const authTextsDe: typeof authTextsEn = {
  general: {
    profile: {
      error_2fa: 'Der Zwei-Faktor-Code ist ungültig. Prüfe deine Authenticator-App und versuche es erneut.',
    },
  },
  auth: {
    subtitle: 'Melde dich an, um zu spielen, einzuzahlen und zu chatten.',
    registerSubtitle: 'Erstelle dein Konto in wenigen Sekunden.',
    submitLogin: 'Anmelden',
    submitRegister: 'Konto erstellen',
    orUse: 'oder',
    walletConnect: 'Wallet verbinden',
    walletConnectText:
      'Melde dich mit einer Browser-Wallet an. Die Anmeldung über soziale Netzwerke läuft über eine Wallet-Verbindung.',
    walletConnectSoon: 'Demnächst',
    walletUnavailable: 'Diese Wallet-Verbindung ist noch nicht verfügbar.',
    socialWith: 'Weiter mit {{name}}',
    locked: 'Zu viele Fehlversuche. Versuche es in ein paar Minuten erneut.',
    captchaAgain: 'Bitte löse das Captcha erneut.',
    captchaLabel: 'Ich bin kein Roboter',
    captchaVerifying: 'Wird geprüft...',
    captchaVerified: 'Bestätigt',
    captchaError: 'Prüfung fehlgeschlagen. Versuche es erneut.',
    captchaExpired: 'Prüfung abgelaufen. Versuche es erneut.',
    wrongCredentials: 'Falscher Login oder falsches Passwort.',
    forgotTitle: 'Passwort vergessen',
    forgotField: 'E-Mail oder Login',
    forgotSubmit: 'Link senden',
    backToLogin: 'Zurück zur Anmeldung',
    confirmPassword: 'Neues Passwort bestätigen',
    passwordMismatch: 'Die Passwörter stimmen nicht überein.',
    setPassword: 'Neues Passwort speichern',
    resetTitle: 'Neues Passwort wählen',
    resetText: 'Gib ein neues Passwort für dein Konto ein. Danach wirst du angemeldet.',
    resetLinkInvalid: 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
    twoFactorSending: '…',
    twoFactorLocked: 'Zu viele falsche Codes. Versuche es in ein paar Minuten erneut.',
    sessionExpiredSignIn: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
    saveEmail: 'E-Mail speichern',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    terms: 'AGB',
  },
  email: {
    confirming: 'Deine E-Mail-Adresse wird bestätigt...',
  },
};

let registered = false;

/** Adds the texts once (idempotent; existing shared keys are kept). */
export function registerAuthTexts(): void {
  if (registered) return;
  registered = true;
  addTranslations('en', authTextsEn);
  addTranslations('de', authTextsDe);
}

registerAuthTexts();
