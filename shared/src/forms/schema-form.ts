import { useMemo } from 'react';
import { translate } from '../i18n/translate';
import { toastFail } from '../ui/toast';

/**
 * One problem with a form: the field it is about (empty for the whole form) and its message, an
 * `errors` key as schemas give it (or a key with its own namespace, and values, for a screen's rule).
 */
export interface FormProblem {
  path: readonly PropertyKey[];
  message: string;
  messageValues?: Record<string, unknown>;
}

/**
 * The part of a zod schema a form uses, so this entry loads no zod (the schemas come from
 * `@marketplace/shared/contracts`, with the screens using them).
 */
export interface FormSchema<T> {
  safeParse(
    values: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly FormProblem[] } };
}

/** The part of antd-mobile's `FormInstance` (from `Form.useForm()`) that marks a field. */
export interface MarkableForm {
  setFields(fields: { name: (string | number)[]; errors: string[] }[]): void;
  getFieldError(name: string): string[];
}

export interface ProblemOptions {
  order?: readonly string[];
  later?: readonly string[];
}

export interface SchemaForm<F extends MarkableForm = MarkableForm> {
  /**
   * The first problem the schema finds, null when there is none; nothing is shown (see `report`).
   * Problems come in the schema's order, or in `order` (the fields as the form asks for them) when
   * given; `later` leaves out fields a later step fills (the payment code of a withdrawal).
   */
  problemOf(schema: FormSchema<unknown>, values: unknown, options?: ProblemOptions): FormProblem | null;
  /** Toasts the problem's message in the reader's language and marks its field on the form. */
  report(problem: FormProblem): void;
  /** The body the schema makes of the values, or null after reporting the first problem. */
  parse<T>(schema: FormSchema<T>, values: unknown): T | null;
  /**
   * Spread on the antd-mobile `Form`: the form, no second copy of the message under the field (the
   * toast says it), and a field's mark cleared as soon as the shopper changes it.
   */
  formProps: { form: F; hasFeedback: false; onValuesChange: (changed: Record<string, unknown>) => void };
}

const fieldName = (path: readonly PropertyKey[]): (string | number)[] =>
  path.filter((part): part is string | number => typeof part !== 'symbol');

/**
 * One way to check a form (requirements §13.1): the shared zod schema the server also applies decides;
 * its first problem is the failure toast (schema messages are `errors` keys) and its field is marked
 * on the antd-mobile `Form` (the field's error, which `form.getFieldError` reads).
 */
export const useSchemaForm = <F extends MarkableForm>(form: F): SchemaForm<F> =>
  useMemo(() => {
    const problemOf: SchemaForm['problemOf'] = (schema, values, { order = [], later = [] } = {}) => {
      const result = schema.safeParse(values);
      if (result.success) return null;
      const rank = (problem: FormProblem) => {
        const at = order.indexOf(String(problem.path[0]));
        return at < 0 ? order.length : at;
      };
      const problems = result.error.issues.filter((issue) => !later.includes(String(issue.path[0])));
      return [...problems].sort((a, b) => rank(a) - rank(b))[0] ?? null;
    };
    const report: SchemaForm['report'] = (problem) => {
      const message = problem.message || 'err.invalidBody';
      const key = message.includes(':') ? message : `errors:${message}`;
      toastFail({ key, values: problem.messageValues });
      const name = fieldName(problem.path);
      if (name.length > 0) form.setFields([{ name, errors: [translate(key, problem.messageValues)] }]);
    };
    const parse: SchemaForm['parse'] = (schema, values) => {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      report(result.error.issues[0] ?? { path: [], message: 'err.invalidBody' });
      return null;
    };
    const onValuesChange = (changed: Record<string, unknown>) => {
      const marked = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
      if (marked.length > 0) form.setFields(marked.map((name) => ({ name: [name], errors: [] })));
    };
    return { problemOf, report, parse, formProps: { form, hasFeedback: false, onValuesChange } };
  }, [form]);
