import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api';
import { dateTime } from '../queues';
import { useSession } from '../session';
import { RefreshButton } from './queue-kit';

/** One unit (the shell or a remote) as GET /api/admin/release reads the deployment store. */
export interface ReleaseUnit {
  unit: string;
  live: string | null;
  canary: { version: string; percent: number } | null;
  /** The version a plain rollback goes back to: the last good one before the live one. */
  previous: string | null;
  history: string[];
  deployed: {
    version: string;
    deployedAt: string | null;
    forced: boolean;
    /** The commit the version was built from, or null. */
    commit: string | null;
    /** Subjects of the commits it brings over the live version, newest first; null when unknown. */
    changes: string[] | null;
  }[];
}

/** Units promoted and rolled back whole, without canaries or field health: the shell, the console, the seller centre. */
const STATIC_UNITS = ['shell', 'console', 'seller'];

/** A version's commit, shortened as git does, and what it brings over the live version. */
function CommitCell({ commit, changes }: { commit: string | null; changes: string[] | null }) {
  const { t } = useTranslation();
  if (!commit) return <>{dash}</>;
  return (
    <>
      <Typography.Text code>{commit.slice(0, 10)}</Typography.Text>
      {changes && changes.length > 0 && (
        <details>
          <summary>{t('release.changes', { count: changes.length })}</summary>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {changes.map((subject, index) => (
              <li key={index}>{subject}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

export interface ReleaseAuditEntry {
  at: string;
  who: string;
  host: string;
  command: string;
  remote: string;
  from: string | null;
  to: string | null;
  forced?: string[];
  reason?: string;
}

export interface ReleaseOverview {
  location: string;
  manifestUpdatedAt: string | null;
  units: ReleaseUnit[];
  audit: ReleaseAuditEntry[];
  total: number;
}

type Action =
  | { kind: 'promote'; unit: string; version: string }
  | { kind: 'rollback'; unit: string; to: string }
  | { kind: 'canary'; unit: string; version: string }
  | { kind: 'canaryStop'; unit: string; live: string };

/** What the last action did: the release tool's own lines, or its refusal word for word. */
type Outcome = { ok: true; lines: string[] } | { ok: false; refusal: string };

const CALLS: Record<Action['kind'], string> = {
  promote: '/api/admin/release/promote',
  rollback: '/api/admin/release/rollback',
  canary: '/api/admin/release/canary',
  canaryStop: '/api/admin/release/canary_stop',
};

const dash = '—';

/** An audit line as `status` prints it: `promote mfe-wallet 1.0.0 -> 2.0.0`. */
const whatOf = (entry: ReleaseAuditEntry) =>
  `${entry.command} ${entry.remote} ${entry.from === null ? (entry.to ?? '') : `${entry.from} -> ${entry.to ?? 'nothing'}`}` +
  (entry.forced?.length
    ? ` (forced past: ${entry.forced.join('; ')}${entry.reason ? `; reason: ${entry.reason}` : ''})`
    : '');

/** One version's field health from GET /api/admin/release/health (one row per version and cohort). */
export interface HealthRow {
  version: string;
  cohort: string;
  sessions: number;
  loadFailures: number;
  errors: number;
  lcpP75: number | null;
  inpP75: number | null;
  clsP75: number | null;
  vitalSamples: { LCP: number; INP: number; CLS: number };
}

/** The window of field health the page shows beside each version: the longest the server keeps. */
export const HEALTH_WINDOW_SECONDS = 3_600;

/** A version's cohorts added up: counts summed, each p75 from the cohort with the most samples. */
export const healthOf = (rows: HealthRow[], version: string) => {
  const mine = rows.filter((row) => row.version === version);
  if (mine.length === 0) return null;
  const sum = (key: 'sessions' | 'loadFailures' | 'errors') => mine.reduce((total, row) => total + row[key], 0);
  const richest = (vital: 'LCP' | 'INP') =>
    mine.reduce((best, row) => (row.vitalSamples[vital] > best.vitalSamples[vital] ? row : best));
  return {
    sessions: sum('sessions'),
    loadFailures: sum('loadFailures'),
    errors: sum('errors'),
    lcpP75: richest('LCP').lcpP75,
    inpP75: richest('INP').inpP75,
  };
};

const percentOf = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '0%');

/**
 * Release managers and admins: the shell and each remote with its live version, canary share, last good
 * version, deployed versions with their field health (the last hour of shoppers' reports), history, and the
 * release audit; promote, roll back, start and stop a canary. The server runs the release CLI's own
 * commands; a refusal is shown as the CLI words it.
 */
export default function ReleasePage() {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [overview, setOverview] = useState<ReleaseOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [percent, setPercent] = useState<number | null>(10);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const language = i18n.language;

  const reload = useCallback(() => {
    api.get<ReleaseOverview>('/api/admin/release').then(
      (next) => {
        setOverview(next);
        setError(null);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [api]);
  useEffect(reload, [reload]);

  const run = async () => {
    if (!action) return;
    const body =
      action.kind === 'promote'
        ? { unit: action.unit, version: action.version }
        : action.kind === 'rollback'
          ? { unit: action.unit, to: action.to }
          : action.kind === 'canary'
            ? { unit: action.unit, version: action.version, percent }
            : { unit: action.unit };
    setBusy(true);
    try {
      const answer = await api.post<ReleaseOverview & { output: string[] }>(CALLS[action.kind], body);
      setOverview(answer);
      setOutcome({ ok: true, lines: answer.output });
    } catch (failure) {
      const refusal =
        failure instanceof ApiError &&
        failure.status === 409 &&
        typeof (failure.data as { refusal?: unknown })?.refusal === 'string'
          ? (failure.data as { refusal: string }).refusal
          : (failure as Error).message;
      setOutcome({ ok: false, refusal });
      reload();
    } finally {
      setBusy(false);
      setAction(null);
    }
  };

  const question = (current: Action) => {
    switch (current.kind) {
      case 'promote':
        return t('release.confirmPromote', { unit: current.unit, version: current.version });
      case 'rollback':
        return t('release.confirmRollback', { unit: current.unit, version: current.to });
      case 'canary':
        return t('release.confirmCanary', { unit: current.unit, version: current.version });
      default:
        return t('release.confirmCanaryStop', { unit: current.unit, version: current.live });
    }
  };

  return (
    <section aria-labelledby="release-title">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="release-title" style={{ margin: 0 }}>
          {t('nav.release')}
        </Typography.Title>
        <RefreshButton onClick={reload} />
      </Flex>
      {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
      {outcome && (
        <Alert
          role={outcome.ok ? 'status' : 'alert'}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => setOutcome(null)}
          style={{ marginBottom: 16 }}
          message={outcome.ok ? t('release.done') : t('release.refused')}
          description={
            <pre data-testid="release-outcome" style={{ margin: 0, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
              {outcome.ok ? outcome.lines.join('\n') : outcome.refusal}
            </pre>
          }
        />
      )}
      {overview && (
        <>
          <Typography.Paragraph type="secondary">
            {t('release.store', {
              location: overview.location,
              updated: overview.manifestUpdatedAt ? dateTime(overview.manifestUpdatedAt, language) : dash,
            })}
          </Typography.Paragraph>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {overview.units.map((unit) => (
              <UnitCard key={unit.unit} unit={unit} onAction={setAction} />
            ))}
          </Space>
          <Typography.Title level={3} style={{ fontSize: 18, marginTop: 24 }} id="release-audit">
            {t('release.audit', { count: overview.audit.length, total: overview.total })}
          </Typography.Title>
          <Table<ReleaseAuditEntry>
            aria-labelledby="release-audit"
            size="small"
            rowKey={(entry) => `${entry.at}-${entry.remote}-${entry.command}`}
            dataSource={overview.audit}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: <Typography.Text type="secondary">{t('release.noAudit')}</Typography.Text> }}
            columns={[
              { title: t('release.when'), dataIndex: 'at', render: (at: string) => dateTime(at, language) },
              { title: t('release.who'), render: (_, entry) => `${entry.who}@${entry.host}` },
              { title: t('release.what'), render: (_, entry) => whatOf(entry) },
            ]}
          />
        </>
      )}
      <Modal
        open={action !== null}
        title={t('release.confirmTitle')}
        okText={t('release.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        okButtonProps={{ disabled: action?.kind === 'canary' && !percent }}
        onOk={() => void run()}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        {action && <Typography.Paragraph>{question(action)}</Typography.Paragraph>}
        {action?.kind === 'canary' && (
          <label style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            {t('release.percent')}
            <InputNumber min={1} max={100} precision={0} value={percent} onChange={(value) => setPercent(value)} />
          </label>
        )}
      </Modal>
    </section>
  );
}

function UnitCard({ unit, onAction }: { unit: ReleaseUnit; onAction: (action: Action) => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const shell = unit.unit === 'shell';
  const whole = STATIC_UNITS.includes(unit.unit);
  // The shell, the console and the seller centre report no field health of their own (the remotes do, per version).
  const [health, setHealth] = useState<HealthRow[] | null>(null);
  useEffect(() => {
    if (whole) return;
    api
      .get<{ versions: HealthRow[] }>('/api/admin/release/health', { remote: unit.unit, window: HEALTH_WINDOW_SECONDS })
      .then(
        (answer) => setHealth(answer.versions),
        () => setHealth(null),
      );
  }, [api, whole, unit.unit, unit.live, unit.canary?.version]);
  const titleId = `release-unit-${unit.unit}`;
  const stateOf = (version: string) =>
    version === unit.live
      ? t('release.stateLive')
      : version === unit.canary?.version
        ? t('release.stateCanary', { percent: unit.canary.percent })
        : version === unit.previous
          ? t('release.stateLastGood')
          : '';
  return (
    <Card
      title={
        <span role="heading" aria-level={3} id={titleId}>
          {unit.unit}
        </span>
      }
      extra={
        <Space wrap>
          {unit.previous && (
            <Button
              autoInsertSpace={false}
              aria-label={t('release.rollbackLabel', { unit: unit.unit, version: unit.previous })}
              onClick={() => onAction({ kind: 'rollback', unit: unit.unit, to: unit.previous! })}
            >
              {t('release.rollback', { version: unit.previous })}
            </Button>
          )}
          {unit.canary && unit.live && (
            <Button
              autoInsertSpace={false}
              aria-label={t('release.stopCanaryLabel', { unit: unit.unit })}
              onClick={() => onAction({ kind: 'canaryStop', unit: unit.unit, live: unit.live! })}
            >
              {t('release.stopCanary')}
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
        <Descriptions.Item label={t('release.live')}>
          <span data-testid={`live-${unit.unit}`}>
            {unit.live ?? (shell ? t('release.embedded') : whole ? t('release.embeddedBuild') : dash)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('release.canary')}>
          {unit.canary ? t('release.canaryOf', unit.canary) : dash}
        </Descriptions.Item>
        <Descriptions.Item label={t('release.lastGood')}>{unit.previous ?? dash}</Descriptions.Item>
        <Descriptions.Item label={t('release.history')}>
          {unit.history.length ? unit.history.join(' → ') : dash}
        </Descriptions.Item>
      </Descriptions>
      <Table<ReleaseUnit['deployed'][number]>
        aria-labelledby={titleId}
        size="small"
        rowKey="version"
        dataSource={[...unit.deployed].reverse()}
        pagination={{ pageSize: 5, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text type="secondary">{t('release.nothingDeployed')}</Typography.Text> }}
        columns={[
          { title: t('release.version'), dataIndex: 'version' },
          {
            title: t('release.deployedAt'),
            dataIndex: 'deployedAt',
            render: (at: string | null) => (at ? dateTime(at, i18n.language) : dash),
          },
          {
            title: t('release.state'),
            render: (_, row) =>
              [stateOf(row.version), row.forced ? t('release.forced') : ''].filter(Boolean).join(' · ') || dash,
          },
          {
            title: t('release.commit'),
            key: 'commit',
            render: (_, row) => <CommitCell commit={row.commit} changes={row.changes} />,
          },
          ...(whole
            ? []
            : [
                {
                  title: t('release.health'),
                  key: 'health',
                  render: (_: unknown, row: ReleaseUnit['deployed'][number]) => {
                    const figures = health && healthOf(health, row.version);
                    if (!figures || figures.sessions === 0) return t('release.noHealth');
                    return t('release.healthOf', {
                      sessions: figures.sessions,
                      loadFailures: percentOf(figures.loadFailures, figures.sessions),
                      errors: percentOf(figures.errors, figures.sessions),
                      lcp: figures.lcpP75 === null ? '—' : `${figures.lcpP75} ms`,
                    });
                  },
                },
              ]),
          {
            title: t('common.actions'),
            render: (_, row) =>
              row.version === unit.live && !unit.canary ? null : (
                <Space wrap>
                  {(row.version !== unit.live || unit.canary) && (
                    <Button
                      autoInsertSpace={false}
                      size="small"
                      aria-label={t('release.promoteLabel', { unit: unit.unit, version: row.version })}
                      onClick={() => onAction({ kind: 'promote', unit: unit.unit, version: row.version })}
                    >
                      {t('release.promote')}
                    </Button>
                  )}
                  {!whole && unit.live && row.version !== unit.live && (
                    <Button
                      autoInsertSpace={false}
                      size="small"
                      aria-label={t('release.canaryLabel', { unit: unit.unit, version: row.version })}
                      onClick={() => onAction({ kind: 'canary', unit: unit.unit, version: row.version })}
                    >
                      {t('release.startCanary')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
    </Card>
  );
}
