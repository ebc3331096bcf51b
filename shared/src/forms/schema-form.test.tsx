import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd-mobile';
import { z } from 'zod';
import { initTestI18n } from '../testing/init-test-i18n';
import { useSchemaForm, type SchemaForm } from './schema-form';
import { textOf } from './form-values';

beforeAll(() => initTestI18n());

// The messages are `errors` keys, as in the shared contracts.
const bankBody = z.object({
  bankName: z.string().trim().min(1, 'err.wallet.bankName'),
  network: z.number('err.wallet.chooseNetwork'),
  paymentCode: z.string().regex(/^\d{6,}$/, 'err.paymentCodeFormat'),
});

type Checks = SchemaForm<ReturnType<typeof Form.useForm>[0]>;
const onBody = jest.fn();
let checks: Checks;
const keep = (given: Checks) => (checks = given);

const BankForm = ({ later = [] as string[], expose = keep }) => {
  const [form] = Form.useForm();
  const checks = useSchemaForm(form);
  useEffect(() => void expose(checks), [checks, expose]);
  const submit = (values: Record<string, unknown>) => {
    const problem = checks.problemOf(bankBody, { bankName: textOf(values.bankName), paymentCode: '' }, { later });
    if (problem) checks.report(problem);
    else onBody(values);
  };
  return (
    <Form {...checks.formProps} onFinish={submit}>
      <Form.Item name="bankName" label="Bank name">
        <Input aria-label="Bank name" />
      </Form.Item>
      <Button type="submit">Send</Button>
    </Form>
  );
};

const bankNameItem = () => screen.getByRole('textbox', { name: 'Bank name' }).closest('.adm-form-item');
const toasts = () => Array.from(document.querySelectorAll('.adm-toast-main'), (toast) => toast.textContent);

describe('useSchemaForm', () => {
  beforeEach(() => onBody.mockReset());

  it("toasts the schema's first problem in the reader's language and marks its field, without a second copy on the screen", async () => {
    render(<BankForm later={['paymentCode']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please fill in the bank name')).toBeInTheDocument();
    expect(checks.formProps.form.getFieldError('bankName')).toEqual(['Please fill in the bank name']);
    expect(bankNameItem()).toHaveClass('adm-form-item-has-error');
    expect(screen.getAllByText('Please fill in the bank name')).toHaveLength(1);
    expect(onBody).not.toHaveBeenCalled();
  });

  it('clears the mark when the shopper changes the field', async () => {
    render(<BankForm later={['paymentCode']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Please fill in the bank name');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bank name' }), 'Test Bank');
    expect(checks.formProps.form.getFieldError('bankName')).toEqual([]);
    expect(bankNameItem()).not.toHaveClass('adm-form-item-has-error');
  });

  it('gives the first problem in the order of the schema or of the form, leaving out the fields a later step fills', () => {
    const values = { bankName: 'Test Bank', paymentCode: '' };
    render(<BankForm />);
    expect(checks.problemOf(bankBody, values, { later: ['paymentCode'] })).toMatchObject({
      path: ['network'],
      message: 'err.wallet.chooseNetwork',
    });
    expect(checks.problemOf(bankBody, { ...values, network: 1 }, { later: ['paymentCode'] })).toBeNull();
    expect(checks.problemOf(bankBody, {}, { order: ['network', 'bankName'] })).toMatchObject({ path: ['network'] });
    expect(checks.problemOf(bankBody, { ...values, network: 1 })).toMatchObject({ message: 'err.paymentCodeFormat' });
  });

  it('parses to the body the schema makes, or reports and gives null', async () => {
    render(<BankForm />);
    expect(checks.parse(bankBody, { bankName: ' Test Bank ', network: 1, paymentCode: '123456' })).toEqual({
      bankName: 'Test Bank',
      network: 1,
      paymentCode: '123456',
    });
    expect(checks.parse(bankBody, { bankName: 'Test Bank', paymentCode: '123456' })).toBeNull();
    expect(await screen.findByText('Please choose charge network')).toBeInTheDocument();
    expect(toasts()).toContain('Please choose charge network');
  });
});
