import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { money, SCREENS } from '../queues';
import { useSession } from '../session';

interface Summary {
  pending: Record<string, number>;
  today: { topUps: number; withdrawals: number; paidOrders: number; refunds: number };
}

const TODAY = ['topUps', 'withdrawals', 'paidOrders', 'refunds'] as const;
type Kind = (typeof TODAY)[number];

interface Days {
  days: ({ day: string } & Record<Kind, number>)[];
}

/** How many UTC days the small charts show. */
export const CHART_DAYS = 14;
/** One colour per kind, each at least 3:1 against white (a chart's bars are graphics, not text). */
const COLORS: Record<Kind, string> = {
  topUps: '#0958d9',
  withdrawals: '#ad4e00',
  paidOrders: '#237804',
  refunds: '#a8071a',
};

const MoneyChart = lazy(() => import('./money-chart'));

/** Pending count of each queue the operator can open, and today's money (UTC day). */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [days, setDays] = useState<Days | null>(null);
  useEffect(() => {
    api.get<Summary>('/api/admin/summary').then(setSummary, (failure: Error) => setError(failure.message));
    api
      .get<Days>('/api/admin/summary/days', { days: CHART_DAYS })
      .then(setDays, (failure: Error) => setError(failure.message));
  }, [api]);
  const series = useMemo(
    () =>
      Object.fromEntries(
        TODAY.map((kind) => [kind, (days?.days ?? []).map((entry) => ({ day: entry.day, cents: entry[kind] }))]),
      ) as Record<Kind, { day: string; cents: number }[]>,
    [days],
  );
  return (
    <section aria-labelledby="dashboard-title">
      <Typography.Title level={2} id="dashboard-title">
        {t('nav.dashboard')}
      </Typography.Title>
      {error && <Alert type="error" role="alert" showIcon message={error} />}
      {summary && (
        <>
          <Typography.Title level={3} style={{ fontSize: 18 }}>
            {t('dashboard.pending')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {SCREENS.filter((screen) => screen.key in summary.pending).map((screen) => (
              <Col key={screen.key} xs={12} md={8} xl={6}>
                <Link to={screen.path}>
                  <Card hoverable>
                    <Statistic title={t(`nav.${screen.key}`)} value={summary.pending[screen.key]} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
          <Typography.Title level={3} style={{ fontSize: 18, marginTop: 24 }}>
            {t('dashboard.today')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('dashboard.chartsHint', { count: CHART_DAYS })}
          </Typography.Paragraph>
          <Row gutter={[16, 16]}>
            {TODAY.map((key) => (
              <Col key={key} xs={12} md={6}>
                <Card>
                  {/* i18n-keys: dashboard.topUps, dashboard.withdrawals, dashboard.paidOrders, dashboard.refunds */}
                  <Statistic title={t(`dashboard.${key}`)} value={money(summary.today[key], i18n.language)} />
                  {days && (
                    <Suspense fallback={null}>
                      <MoneyChart label={t(`dashboard.${key}`)} points={series[key]} color={COLORS[key]} />
                    </Suspense>
                  )}
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </section>
  );
}
