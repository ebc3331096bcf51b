import { contentParagraphs } from '@marketplace/shared/contracts';

type ContentBlock = { kind: 'heading' | 'paragraph'; text: string };

/**
 * A content body as blocks of text. A paragraph whose first line is short and unpunctuated, followed by
 * more lines, opens with that line as a heading (how the help and law pages are written).
 */
export const contentBlocks = (body: string): ContentBlock[] =>
  contentParagraphs(body).flatMap((paragraph): ContentBlock[] => {
    const [first = '', ...rest] = paragraph.split(/\r?\n/);
    const isHeading = rest.length > 0 && first.length <= 80 && !/[.。!！?？:：,，;；]$/.test(first.trim());
    return isHeading
      ? [
          { kind: 'heading', text: first.trim() },
          { kind: 'paragraph', text: rest.join('\n').trim() },
        ]
      : [{ kind: 'paragraph', text: paragraph }];
  });
