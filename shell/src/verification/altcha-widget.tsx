import 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface AltchaWidgetProps {
  /** Challenge JSON as served by the API; the widget solves it without fetching anything itself. */
  challenge: string;
  onSolved(payload: string): void;
  /** The challenge failed or expired: the caller fetches a new one. */
  onStale(): void;
}

const STRING_KEYS = [
  'label',
  'verifying',
  'verified',
  'error',
  'expired',
  'verificationRequired',
  'waitAlert',
  'loading',
  'reload',
  'verify',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'getAudioChallenge',
  'ariaLinkLabel',
] as const;

/** The widget reads its texts from a global registry keyed by language; register ours under the app's code. */
const useWidgetLanguage = (): string => {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language || 'en';
  const base = globalThis.$altcha.i18n.get('en') ?? {};
  // i18n-keys: verification.widget.label, verification.widget.verifying, verification.widget.verified, verification.widget.error, verification.widget.expired, verification.widget.verificationRequired, verification.widget.waitAlert, verification.widget.loading, verification.widget.reload, verification.widget.verify, verification.widget.cancel, verification.widget.enterCode, verification.widget.enterCodeAria, verification.widget.enterCodeFromImage, verification.widget.getAudioChallenge, verification.widget.ariaLinkLabel
  const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(`verification.widget.${key}`)]));
  globalThis.$altcha.i18n.set(language, { ...base, ...strings });
  return language;
};

export const AltchaWidget = ({ challenge, onSolved, onStale }: AltchaWidgetProps) => {
  const ref = useRef<HTMLElement>(null);
  const language = useWidgetLanguage();
  const handlers = useRef({ onSolved, onStale });
  useEffect(() => {
    handlers.current = { onSolved, onStale };
  });

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return undefined;
    const verified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) handlers.current.onSolved(payload);
    };
    const stateChanged = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === 'error' || state === 'expired') handlers.current.onStale();
    };
    widget.addEventListener('verified', verified);
    widget.addEventListener('statechange', stateChanged);
    return () => {
      widget.removeEventListener('verified', verified);
      widget.removeEventListener('statechange', stateChanged);
    };
  }, []);

  return <altcha-widget ref={ref} challenge={challenge} language={language} type="native" auto="off" />;
};
