import { ErrorPanel, selectLang, useAppSelector } from '@marketplace/shared';
import type { ContentSlug } from '@marketplace/shared/contracts';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../layout';
import { useGetContentPageQuery } from '../api';
import { contentBlocks } from '../content-blocks';
import './content.css';

/** Route title keys of the three content pages. */
const TITLE_KEYS: Record<ContentSlug, string> = {
  help: 'title.helpAndSupport',
  law: 'title.law',
  platform: 'title.platform',
};

/**
 * Help and support, law and policy, platform: the operator's plain text shown as headings and
 * paragraphs. React renders it as text, so markup in the content is shown, never run.
 */
const ContentScreen = ({ slug }: { slug: ContentSlug }) => {
  const { t } = useTranslation(['account', 'common']);
  const lang = useAppSelector(selectLang).file_name;
  const { data: page, isLoading, isError, refetch } = useGetContentPageQuery({ slug, lang });
  return (
    <AccountPage title={t(TITLE_KEYS[slug])}>
      {isLoading && (
        <div role="status" aria-label={t('common:loading')} aria-busy="true">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      )}
      {isError && !page && <ErrorPanel onRetry={() => void refetch()} />}
      {page && (
        <article className="content-page" lang={page.lang} aria-labelledby="content-page-title">
          <h2 id="content-page-title" className="content-page__title">
            {page.title}
          </h2>
          {contentBlocks(page.body).map((block, index) =>
            block.kind === 'heading' ? (
              <h3 key={index} className="content-page__heading">
                {block.text}
              </h3>
            ) : (
              <p key={index} className="content-page__paragraph">
                {block.text}
              </p>
            ),
          )}
        </article>
      )}
    </AccountPage>
  );
};

export const HelpAndSupportScreen = () => <ContentScreen slug="help" />;
export const LawScreen = () => <ContentScreen slug="law" />;
export const PlatformScreen = () => <ContentScreen slug="platform" />;
