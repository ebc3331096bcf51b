import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploader, ProgressBar, type ImageUploadItem } from 'antd-mobile';
import { selectLang, selectToken, toastFail, toastSuccess, useAppSelector } from '@marketplace/shared';
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from '@marketplace/shared/contracts';
import { UploadError, uploadFile } from '../api/upload-file';

export interface ImageUploadFieldProps {
  /** Accessible name of the group (its file input is antd-mobile's "Upload"). */
  label: string;
  /** Given by the antd-mobile `Form.Item` around the field (or by the caller); none chosen when left out. */
  value?: ImageUploadItem[];
  onChange?: (items: ImageUploadItem[]) => void;
  maxCount: number;
}

/**
 * antd-mobile's own upload cell is a second "Upload" button (a `role="button"` span, not focusable) under
 * the file input that really takes the click: the same cell without a role leaves one named control.
 */
const uploadCell = (
  <span className="adm-image-uploader-cell adm-image-uploader-upload-button" aria-hidden="true">
    <span className="adm-image-uploader-upload-button-icon">
      <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 5v14M5 12h14" strokeLinecap="round" />
      </svg>
    </span>
  </span>
);

const isAllowedType = (type: string): boolean => (UPLOAD_MIME_TYPES as readonly string[]).includes(type);

/**
 * Pictures for a refund proof, a review or a top-up's payment evidence. Each one goes to `POST /api/upload` as soon as it is
 * chosen, with its progress shown; `key` of each item is the upload id the form sends.
 */
export function ImageUploadField({ label, value = [], onChange, maxCount }: ImageUploadFieldProps) {
  const { t } = useTranslation('common');
  const token = useAppSelector(selectToken);
  const lang = useAppSelector(selectLang).file_name;
  const [progress, setProgress] = useState<number | null>(null);
  // Several files are chosen at once; those past `maxCount` are left out, and said so until the next choice.
  const [leftOut, setLeftOut] = useState(0);

  // Checked here to spare a doomed upload; the server checks the content again (magic bytes).
  const beforeUpload = (file: File): File | null => {
    setLeftOut(0);
    if (!isAllowedType(file.type)) {
      toastFail({ key: 'errors:err.upload.type' });
      return null;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toastFail({ key: 'errors:err.upload.tooLarge' });
      return null;
    }
    return file;
  };

  const upload = async (file: File): Promise<ImageUploadItem> => {
    setProgress(0);
    try {
      const result = await uploadFile(file, { token, lang, onProgress: setProgress });
      toastSuccess({ key: 'errors:ok.orders.upload' });
      // The server copy needs the token to read; the preview shows the local file instead.
      return { key: result.id, url: result.url, thumbnailUrl: URL.createObjectURL(file) };
    } catch (error) {
      if (error instanceof UploadError) toastFail(error.message || { key: error.key });
      throw error;
    } finally {
      setProgress(null);
    }
  };

  return (
    <div role="group" aria-label={label}>
      <ImageUploader
        value={value}
        onChange={onChange}
        multiple={maxCount > 1}
        onCountExceed={(count) => {
          setLeftOut(count);
          toastFail({ key: 'common:upload.tooMany', values: { max: maxCount, count } });
        }}
        upload={upload}
        beforeUpload={beforeUpload}
        maxCount={maxCount}
        accept={UPLOAD_MIME_TYPES.join(',')}
        preview={false}
      >
        {uploadCell}
      </ImageUploader>
      {leftOut > 0 && (
        <p role="alert" style={{ margin: '4px 0 0', color: 'var(--adm-color-danger)', fontSize: 13 }}>
          {t('upload.tooMany', { max: maxCount, count: leftOut })}
        </p>
      )}
      {progress !== null && (
        <div
          role="progressbar"
          aria-label={t('upload.progress')}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <ProgressBar percent={progress} text={`${progress}%`} />
        </div>
      )}
    </div>
  );
}
