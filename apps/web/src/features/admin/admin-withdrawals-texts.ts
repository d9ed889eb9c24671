/** Texts of the back office withdrawal queue (keys `adminWithdrawals.` and its nav entry). */
import { addTranslations, type Translation } from '../../lib/i18n';

export const adminWithdrawalsEn = {
  title: 'Withdrawals',
  filter: { moderation: 'In moderation', accepted: 'Accepted', declined: 'Declined', all: 'All' },
  columns: {
    created: 'Requested',
    user: 'Player',
    amount: 'Amount',
    fee: 'Fee',
    address: 'Address',
    status: 'Status',
    actions: 'Actions',
  },
  status: {
    moderation: 'Moderation',
    accepted: 'Accepted',
    declined: 'Declined',
    cancelled: 'Cancelled',
  },
  auto: 'auto',
  accept: 'Accept',
  decline: 'Decline',
  acceptTitle: 'Accept withdrawal',
  acceptText: 'Pay {{amount}} to {{address}}, then record the transaction id here.',
  txid: 'Transaction id',
  declineTitle: 'Decline withdrawal',
  declineText: 'The amount and the fee go back to the player’s balance. The reason is shown to the player.',
  reason: 'Reason',
  confirm: 'Confirm',
  cancel: 'Cancel',
  accepted: 'Withdrawal accepted.',
  declined: 'Withdrawal declined and refunded.',
  required: 'Fill in this field',
  empty: 'The queue is empty',
  emptyText: 'New withdrawal requests appear here.',
  refresh: 'Refresh',
  loadFailed: 'The queue could not be loaded.',
  copyAddress: 'Copy address',
};

export const adminWithdrawalsDe: Translation<typeof adminWithdrawalsEn> = {
  title: 'Auszahlungen',
  filter: { moderation: 'In Prüfung', accepted: 'Angenommen', declined: 'Abgelehnt', all: 'Alle' },
  columns: {
    created: 'Angefragt',
    user: 'Spieler',
    amount: 'Betrag',
    fee: 'Gebühr',
    address: 'Adresse',
    status: 'Status',
    actions: 'Aktionen',
  },
  status: {
    moderation: 'In Prüfung',
    accepted: 'Angenommen',
    declined: 'Abgelehnt',
    cancelled: 'Storniert',
  },
  auto: 'auto',
  accept: 'Annehmen',
  decline: 'Ablehnen',
  acceptTitle: 'Auszahlung annehmen',
  acceptText: 'Zahle {{amount}} an {{address}} und trage dann hier die Transaktions-ID ein.',
  txid: 'Transaktions-ID',
  declineTitle: 'Auszahlung ablehnen',
  declineText: 'Betrag und Gebühr gehen zurück auf das Guthaben des Spielers. Der Grund wird ihm angezeigt.',
  reason: 'Grund',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  accepted: 'Auszahlung angenommen.',
  declined: 'Auszahlung abgelehnt und erstattet.',
  required: 'Fülle dieses Feld aus',
  empty: 'Die Warteschlange ist leer',
  emptyText: 'Neue Auszahlungsanträge erscheinen hier.',
  refresh: 'Aktualisieren',
  loadFailed: 'Die Warteschlange konnte nicht geladen werden.',
  copyAddress: 'Adresse kopieren',
};

addTranslations('en', {
  adminWithdrawals: adminWithdrawalsEn,
  app: { admin: { nav: { withdrawals: 'Withdrawals' } } },
});
addTranslations('de', {
  adminWithdrawals: adminWithdrawalsDe,
  app: { admin: { nav: { withdrawals: 'Auszahlungen' } } },
});
