import { useEffect, useState } from 'react';
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

/** Pending count of each queue the operator can open, and today's money (UTC day). */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.get<Summary>('/api/admin/summary').then(setSummary, (failure: Error) => setError(failure.message));
  }, [api]);
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
          <Row gutter={[16, 16]}>
            {TODAY.map((key) => (
              <Col key={key} xs={12} md={6}>
                <Card>
                  {/* i18n-keys: dashboard.topUps, dashboard.withdrawals, dashboard.paidOrders, dashboard.refunds */}
                  <Statistic title={t(`dashboard.${key}`)} value={money(summary.today[key], i18n.language)} />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </section>
  );
}
