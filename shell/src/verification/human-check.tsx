import { Button, ErrorBlock } from 'antd-mobile';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissFirstPaint } from '../start-up/first-paint';
import { fetchChallenge, verifySolution } from './verification-api';
import { markVerified } from './verification-state';
import { Spinner, storeVerificationToken } from '@marketplace/shared';
import { storeDeviceVerified } from './device-verified';
import './verification.css';

// The widget (~40 KB gzip) is downloaded only by a browser session that has to pass the check.
const AltchaWidget = lazy(() => import('./altcha-widget').then((module) => ({ default: module.AltchaWidget })));

type Step = { kind: 'loading' } | { kind: 'ready'; challenge: string } | { kind: 'failed' } | { kind: 'checking' };

/** The interstitial: the texts, then the widget with a challenge from the server. */
export const HumanCheck = () => {
  const { t, i18n } = useTranslation('common');
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lang = i18n.language;
  // index.html drew this check's texts before the bundles ran: they give way to these.
  useLayoutEffect(dismissFirstPaint, []);

  useEffect(() => {
    let current = true;
    fetchChallenge(lang).then(
      (challenge) => current && setStep({ kind: 'ready', challenge: JSON.stringify(challenge) }),
      () => current && setStep({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [lang, attempt]);

  const loadChallenge = () => {
    setStep({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  const solved = (payload: string) => {
    setStep({ kind: 'checking' });
    verifySolution(payload, lang).then(
      (token) => {
        storeVerificationToken(token);
        storeDeviceVerified(token.deviceVerifiedUntil);
        markVerified();
      },
      () => setStep({ kind: 'failed' }),
    );
  };

  return (
    <div className="shell-verification" role="dialog" aria-modal="true" aria-labelledby="shell-verification-title">
      <h1 id="shell-verification-title" className="shell-verification__title">
        {t('verification.title')}
      </h1>
      <p className="shell-verification__description">{t('verification.description')}</p>
      {step.kind === 'ready' && (
        <Suspense fallback={<Spinner aria-label={t('loading')} />}>
          <AltchaWidget challenge={step.challenge} onSolved={solved} onStale={loadChallenge} />
        </Suspense>
      )}
      {(step.kind === 'loading' || step.kind === 'checking') && (
        <Spinner aria-label={t(step.kind === 'loading' ? 'loading' : 'verification.verifying')} />
      )}
      {step.kind === 'failed' && (
        <ErrorBlock status="default" title={t('verification.failed')} description="">
          <Button color="primary" onClick={loadChallenge}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      )}
    </div>
  );
};
