import { useTranslation } from 'react-i18next';

const REASONS = [
  { key: 'global', icon: '🌍' },
  { key: 'balance', icon: '💳' },
  { key: 'protection', icon: '🛡️' },
  { key: 'support', icon: '🤝' },
] as const;

export default function WhyShopWithUs() {
  const { t } = useTranslation('catalogue');
  return (
    <section aria-labelledby="catalogue-home-why" className="catalogue-home__section">
      <h2 id="catalogue-home-why" className="catalogue-home__heading">
        {t('home.whyTitle')}
      </h2>
      <ul className="catalogue-home__reasons">
        {REASONS.map(({ key, icon }) => (
          <li key={key} className="catalogue-home__reason">
            <span className="catalogue-home__reason-icon" aria-hidden="true">
              {icon}
            </span>
            <div>
              <h3 className="catalogue-home__reason-title">{t(`home.why.${key}.title`)}</h3>
              <p className="catalogue-home__reason-text">{t(`home.why.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
