/**
 * The captcha field: the self-hosted ALTCHA proof-of-work widget (no third party). The widget's
 * code (`altcha`, ~35 KB gzipped) is imported when a form with a captcha first renders, so it stays
 * out of the first-visit bundle. The widget fetches GET /api/captcha/challenge, solves it in web
 * workers and reports the payload, which the form sends as `captcha`. Each challenge is accepted
 * once: after any failed submit the form calls `reset()` and the player solves a new one.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { i18n, useTranslation } from '../../lib/i18n';
import type {} from './altcha-element';
import './texts';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface CaptchaHandle {
  /** Forgets the payload and shows a fresh, unsolved widget. */
  reset: () => void;
}

export interface CaptchaProps {
  /** The solved payload, or null when there is none (unsolved, verifying, expired, reset). */
  onChange: (payload: string | null) => void;
  error?: string;
}

interface AltchaElement extends HTMLElement {
  reset?: () => void;
  configure?: (config: Record<string, unknown>) => Promise<void>;
}

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

interface AltchaGlobalLike {
  i18n?: {
    get: (name: string) => Record<string, string> | undefined;
    set: (name: string, value: Record<string, string>) => void;
  };
}

let widgetModule: Promise<unknown> | null = null;

/** German widget texts (the package's own translation files carry a copy of its runtime each). */
function registerWidgetTexts(translate: (key: string) => string): void {
  const store = (globalThis as { $altcha?: AltchaGlobalLike }).$altcha?.i18n;
  if (!store) return;
  const en = store.get('en') ?? {};
  store.set('de', {
    ...en,
    label: translate('auth.captchaLabel'),
    verifying: translate('auth.captchaVerifying'),
    verified: translate('auth.captchaVerified'),
    error: translate('auth.captchaError'),
    expired: translate('auth.captchaExpired'),
  });
}

/** Loads the widget once (also called ahead of time when the auth modal opens). */
export function loadCaptchaWidget(): Promise<unknown> {
  widgetModule ??= import('altcha')
    .then((module) => {
      registerWidgetTexts((key) => i18n.getFixedT('de')(key));
      return module;
    })
    .catch((error: unknown) => {
      widgetModule = null;
      throw error;
    });
  return widgetModule;
}

export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha({ onChange, error }, ref) {
  const { i18n: instance } = useTranslation();
  const [ready, setReady] = useState(false);
  // A new key mounts a fresh widget: the simplest reset that also fetches a new challenge.
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState('unverified');
  const elementRef = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useImperativeHandle(ref, () => ({
    reset: () => {
      onChangeRef.current(null);
      setState('unverified');
      setGeneration((value) => value + 1);
    },
  }));

  useEffect(() => {
    let alive = true;
    loadCaptchaWidget()
      .then(() => alive && setReady(true))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const element = elementRef.current;
    if (!ready || !element) return;
    function handleState(event: Event) {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail ?? {};
      if (detail.state) setState(detail.state);
      if (detail.state === 'verified' && detail.payload) onChangeRef.current(detail.payload);
      else onChangeRef.current(null);
    }
    element.addEventListener('statechange', handleState);
    return () => element.removeEventListener('statechange', handleState);
  }, [ready, generation]);

  return (
    <div className="auth-captcha" data-testid="captcha" data-state={ready ? state : 'loading'}>
      {ready ? (
        <altcha-widget
          key={generation}
          ref={elementRef}
          challenge={CAPTCHA_CHALLENGE_URL}
          auto="onfocus"
          language={instance.language === 'de' ? 'de' : 'en'}
          name="captcha"
        />
      ) : (
        <div className="auth-captcha__placeholder" aria-hidden="true" />
      )}
      {error && (
        <p className="auth-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
