import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, List, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminComplaint, ComplaintAssignee, ComplaintNote } from '@marketplace/shared/contracts';
import { dateTime } from '../queues';
import { useSession } from '../session';
import { ShopperLink, type useDecision } from './queue-kit';

const MAX_TEXT = 1000;

/** What is wanted of `text` form fields: a trimmed text of at most 1000 characters. */
const textRules = (message: string) => [{ required: true, whitespace: true, max: MAX_TEXT, message }];

/**
 * Working one complaint (requirements §8.2): reply to the shopper (a notification in their language),
 * assign it to a support operator, keep internal notes; `decide` reloads the queue after each.
 */
export function ComplaintDrawer({
  complaint,
  decide,
  onClose,
}: {
  complaint: AdminComplaint | null;
  decide: ReturnType<typeof useDecision>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [notes, setNotes] = useState<ComplaintNote[]>([]);
  const [notesTick, setNotesTick] = useState(0);
  const [assignees, setAssignees] = useState<ComplaintAssignee[]>([]);
  const [assignee, setAssignee] = useState<number | null>(null);
  const [replyForm] = Form.useForm<{ text: string }>();
  const [noteForm] = Form.useForm<{ text: string }>();
  const id = complaint?.id;

  useEffect(() => {
    if (id === undefined) return undefined;
    let live = true;
    api.get<ComplaintNote[]>('/api/admin/complaint_notes', { id }).then(
      (list) => live && setNotes(list),
      () => live && setNotes([]),
    );
    return () => {
      live = false;
    };
  }, [api, id, notesTick]);
  useEffect(() => {
    let live = true;
    api.get<ComplaintAssignee[]>('/api/admin/complaint_assignees').then(
      (list) => live && setAssignees(list),
      () => live && setAssignees([]),
    );
    return () => {
      live = false;
    };
  }, [api]);
  // The choice follows the complaint as the queue last read it (state adjusted while rendering).
  const [readAssignee, setReadAssignee] = useState<number | null | undefined>(undefined);
  const assigneeRead = complaint?.assigneeId;
  if (assigneeRead !== readAssignee) {
    setReadAssignee(assigneeRead);
    setAssignee(assigneeRead ?? null);
  }

  const send = async (path: string, body: object, done: string) => decide(() => api.post(path, body), done);

  return (
    <Drawer
      open={complaint !== null}
      onClose={onClose}
      width={560}
      title={complaint && t('complaints.drawerTitle', { id: complaint.id, account: complaint.account })}
    >
      {complaint && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('common.account')}>
              <ShopperLink account={complaint.account} />
            </Descriptions.Item>
            <Descriptions.Item label={t('complaints.shop')}>{complaint.shopName}</Descriptions.Item>
            <Descriptions.Item label={t('complaints.content')}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{complaint.content}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('common.created')}>
              {dateTime(complaint.createdAt, i18n.language)}
            </Descriptions.Item>
          </Descriptions>

          <section aria-labelledby="complaint-reply">
            <Typography.Title level={4} id="complaint-reply">
              {t('complaints.reply')}
            </Typography.Title>
            {complaint.reply && complaint.repliedAt && (
              <Alert
                type="info"
                message={t('complaints.lastReply', { when: dateTime(complaint.repliedAt, i18n.language) })}
                description={<span style={{ whiteSpace: 'pre-wrap' }}>{complaint.reply}</span>}
                style={{ marginBottom: 12 }}
              />
            )}
            <Form
              form={replyForm}
              name="complaint-reply"
              layout="vertical"
              onFinish={async ({ text }) => {
                if (await send('/api/admin/complaint_reply', { id: complaint.id, text }, t('complaints.replied')))
                  replyForm.resetFields();
              }}
            >
              <Form.Item
                label={t('complaints.replyLabel')}
                name="text"
                extra={t('complaints.replyHelp')}
                rules={textRules(t('complaints.replyRequired'))}
              >
                <Input.TextArea rows={3} maxLength={MAX_TEXT} />
              </Form.Item>
              <Button type="primary" htmlType="submit">
                {t('complaints.sendReply')}
              </Button>
            </Form>
          </section>

          <section aria-labelledby="complaint-assignee">
            <Typography.Title level={4} id="complaint-assignee">
              {t('complaints.assignee')}
            </Typography.Title>
            <Space wrap>
              <Select<number | null>
                aria-label={t('complaints.assignTo')}
                style={{ minWidth: 220 }}
                value={assignee}
                onChange={setAssignee}
                options={[
                  { value: null, label: t('complaints.nobody') },
                  ...assignees.map((one) => ({ value: one.id, label: one.name })),
                ]}
              />
              <Button
                onClick={() =>
                  void send(
                    '/api/admin/complaint_assign',
                    { id: complaint.id, operatorId: assignee },
                    t('complaints.assigned'),
                  )
                }
              >
                {t('complaints.saveAssignee')}
              </Button>
            </Space>
          </section>

          <section aria-labelledby="complaint-notes">
            <Typography.Title level={4} id="complaint-notes">
              {t('complaints.notes')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('complaints.notesHelp')}</Typography.Paragraph>
            {notes.length === 0 ? (
              <Empty description={t('complaints.noNotes')} />
            ) : (
              <List<ComplaintNote>
                dataSource={notes}
                renderItem={(note) => (
                  <List.Item>
                    <div>
                      <Typography.Text type="secondary">
                        {note.author} · {dateTime(note.createdAt, i18n.language)}
                      </Typography.Text>
                      <div style={{ whiteSpace: 'pre-wrap' }}>{note.text}</div>
                    </div>
                  </List.Item>
                )}
              />
            )}
            <Form
              form={noteForm}
              name="complaint-note"
              layout="vertical"
              onFinish={async ({ text }) => {
                if (await send('/api/admin/complaint_note', { id: complaint.id, text }, t('complaints.noted'))) {
                  noteForm.resetFields();
                  setNotesTick((n) => n + 1);
                }
              }}
            >
              <Form.Item label={t('complaints.note')} name="text" rules={textRules(t('complaints.noteRequired'))}>
                <Input.TextArea rows={2} maxLength={MAX_TEXT} />
              </Form.Item>
              <Button htmlType="submit">{t('complaints.addNote')}</Button>
            </Form>
          </section>
        </Space>
      )}
    </Drawer>
  );
}
