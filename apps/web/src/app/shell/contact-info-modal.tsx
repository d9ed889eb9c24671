/**
 * The contact-info modal (spec 3 sections 3, 5, 8 and 9; issue G7 item 5): the operator's "VIP banner"
 * asking a signed-in player for contact details (`POST /api/contactInfoModalSettings`: title,
 * description, images, fields). Saving calls `POST /api/profile/updateContactInfo` {email, update}; a set
 * e-mail is shown locked. Closing it without saving snoozes it for 24 h for this field count (stored by
 * the server, `POST /api/profile/snoozeContactInfo`).
 */
import { useState, type FormEvent } from 'react';
import { AtSign, Crown, Lock, MessageCircle, Phone, Send } from 'lucide-react';
import type {
  ContactInfoSettings,
  contactInfoSettingsEndpoint,
  snoozeContactInfoEndpoint,
  updateContactInfoEndpoint,
} from '@nebula/contracts';
import { ContactInfoTexts } from '@nebula/contracts/constants';
import { api, endpointRef, isApiError } from '../../lib/api';
import { addTranslations, useTranslation } from '../../lib/i18n';
import { Button, openModal, toast } from '../../ui';
import { TextField } from '../../features/auth/fields';
import '../../features/auth/auth.css';

const settingsRef = endpointRef<typeof contactInfoSettingsEndpoint>('POST', '/api/contactInfoModalSettings');
const updateRef = endpointRef<typeof updateContactInfoEndpoint>('POST', '/api/profile/updateContactInfo');
const snoozeRef = endpointRef<typeof snoozeContactInfoEndpoint>('POST', '/api/profile/snoozeContactInfo');

// The three result texts are the spec's in English (spec 3 section 8), translated like every other text.
addTranslations('en', {
  contactInfo: {
    save: 'Save',
    later: 'Remind me later',
    locked: 'Your e-mail is set and locked.',
    success: ContactInfoTexts.success,
    failed: ContactInfoTexts.failed,
    emailFailed: ContactInfoTexts.emailFailed,
  },
});
addTranslations('de', {
  contactInfo: {
    save: 'Speichern',
    later: 'Später erinnern',
    locked: 'Deine E-Mail ist gesetzt und gesperrt.',
    success: 'Kontaktdaten erfolgreich aktualisiert!',
    failed: 'Kontaktdaten konnten nicht aktualisiert werden',
    emailFailed: 'Die eingegebene E-Mail ist ungültig oder bereits registriert.',
  },
});

const ICONS = { email: AtSign, telegram: Send, phone: Phone } as const;

function ContactInfoForm({
  settings,
  done,
}: {
  settings: ContactInfoSettings;
  /** Closes the modal; `saved` says the details were saved (else it is snoozed). */
  done: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(settings.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const update: Record<string, string> = {};
    for (const f of settings.fields) if (f.model !== 'email') update[f.model] = values[f.model] ?? '';
    const email = settings.fields.some((f) => f.model === 'email') ? values.email : undefined;
    try {
      await api(updateRef, { ...(email ? { email } : {}), update });
      toast.success(t('contactInfo.success'));
      done(true);
    } catch (err) {
      const fields: Record<string, string> = {};
      if (isApiError(err))
        for (const f of err.fields ?? []) fields[f.path.replace(/^update\./, '')] = f.message;
      const emailRefused = fields.email === ContactInfoTexts.emailFailed;
      if (emailRefused) fields.email = t('contactInfo.emailFailed');
      setErrors(fields);
      toast.error(emailRefused ? t('contactInfo.emailFailed') : t('contactInfo.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="contact-modal__body"
      data-testid="contact-info-modal"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <div className="contact-modal__hero">
        {settings.images[0] ? (
          <img className="contact-modal__image" src={settings.images[0]} alt="" />
        ) : (
          <span className="contact-modal__badge" aria-hidden="true">
            <Crown size={30} />
          </span>
        )}
        {settings.description && <p className="contact-modal__description">{settings.description}</p>}
      </div>
      <div className="contact-modal__fields">
        {settings.fields.map((f) => {
          const locked = f.model === 'email' && settings.emailLocked;
          const Icon = locked ? Lock : (ICONS[f.model as keyof typeof ICONS] ?? MessageCircle);
          return (
            <TextField
              key={f.model}
              name={f.model}
              label={f.title}
              icon={<Icon size={16} />}
              type={f.model === 'email' ? 'email' : f.model === 'phone' ? 'tel' : 'text'}
              value={values[f.model] ?? ''}
              readOnly={locked}
              aria-readonly={locked || undefined}
              title={locked ? t('contactInfo.locked') : undefined}
              error={errors[f.model]}
              maxLength={200}
              autoComplete={f.model === 'email' ? 'email' : f.model === 'phone' ? 'tel' : 'off'}
              onValueChange={(v) => !locked && setValues((old) => ({ ...old, [f.model]: v }))}
              data-testid={`contact-field-${f.model}`}
            />
          );
        })}
      </div>
      <div className="contact-modal__actions">
        <Button type="submit" variant="primary" fullWidth disabled={busy} data-testid="contact-info-save">
          {t('contactInfo.save')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          fullWidth
          onClick={() => done(false)}
          data-testid="contact-info-later"
        >
          {t('contactInfo.later')}
        </Button>
      </div>
    </form>
  );
}

/** Loads the settings and opens the modal when the server says it is due. */
export async function showContactInfoModal(): Promise<void> {
  let settings: ContactInfoSettings;
  try {
    settings = await api(settingsRef, {});
  } catch {
    return;
  }
  if (!settings.show) return;
  let saved = false;
  openModal({
    id: 'contact-info-modal',
    title: settings.title || undefined,
    ariaLabel: settings.title || 'Contact info',
    size: 'sm',
    className: 'contact-modal',
    // Closed without saving: snoozed for 24 h for this field count.
    onClose: () => {
      if (!saved) void api(snoozeRef, {}).catch(() => undefined);
    },
    content: ({ close }) => (
      <ContactInfoForm
        settings={settings}
        done={(ok) => {
          saved = ok;
          close();
        }}
      />
    ),
  });
}
