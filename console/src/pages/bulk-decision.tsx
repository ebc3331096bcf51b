import { useState } from 'react';
import { Button, List, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionDialog, type DecisionFacts } from './decision-dialog';

interface Outcome {
  number: string;
  ok: boolean;
  message: string;
}

/**
 * Approving or refusing the selected rows of a queue: one confirmation restating them all (their shoppers,
 * how many and the sum), then each row decided on its own call, one after another, under the server's
 * exactly-once rule (one someone else decided meanwhile is refused and named); the results per row are shown.
 */
export function BulkDecision<T>({
  rows,
  numberOf,
  facts,
  send,
  approveText,
  onDone,
}: {
  rows: T[];
  numberOf: (row: T) => string;
  facts: (rows: T[]) => DecisionFacts;
  send: (row: T, agree: boolean, reason: string) => Promise<unknown>;
  approveText: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [agree, setAgree] = useState<boolean | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const run = async (reason: string) => {
    const decided = agree === true;
    const results: Outcome[] = [];
    for (const row of rows) {
      try {
        await send(row, decided, reason);
        results.push({ number: numberOf(row), ok: true, message: t(decided ? 'bulk.approved' : 'bulk.refused') });
      } catch (failure) {
        results.push({ number: numberOf(row), ok: false, message: (failure as Error).message });
      }
    }
    setAgree(null);
    setOutcomes(results);
    onDone();
  };
  return (
    <>
      <Space>
        <Button type="primary" disabled={rows.length === 0} onClick={() => setAgree(true)}>
          {t('bulk.approve', { count: rows.length })}
        </Button>
        <Button danger disabled={rows.length === 0} onClick={() => setAgree(false)}>
          {t('bulk.refuse', { count: rows.length })}
        </Button>
      </Space>
      <DecisionDialog
        open={agree !== null}
        agree={agree !== false}
        title={t(agree === false ? 'bulk.confirmRefuse' : 'bulk.confirmApprove', { count: rows.length })}
        okText={agree === false ? t('decision.refuse') : approveText}
        facts={agree === null ? null : facts(rows)}
        onCancel={() => setAgree(null)}
        onConfirm={run}
      />
      <Modal
        open={outcomes !== null}
        title={t('bulk.results', {
          done: outcomes?.filter((outcome) => outcome.ok).length ?? 0,
          count: outcomes?.length ?? 0,
        })}
        onOk={() => setOutcomes(null)}
        onCancel={() => setOutcomes(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <List
          size="small"
          dataSource={outcomes ?? []}
          renderItem={(outcome) => (
            <List.Item>
              <Typography.Text strong>{outcome.number}</Typography.Text>
              <Typography.Text>{outcome.message}</Typography.Text>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
