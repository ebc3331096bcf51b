import { useTranslation } from 'react-i18next';

const STEPS = ['browse', 'bag', 'pay', 'track'] as const;

export default function HowShoppingWorks() {
  const { t } = useTranslation('catalogue');
  return (
    <section aria-labelledby="catalogue-home-how" className="catalogue-home__section">
      <h2 id="catalogue-home-how" className="catalogue-home__heading">
        {t('home.howTitle')}
      </h2>
      <ol className="catalogue-home__steps">
        {STEPS.map((step) => (
          <li key={step} className="catalogue-home__step">
            {t(`home.how.${step}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
