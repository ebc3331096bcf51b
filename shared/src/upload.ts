/**
 * `@marketplace/shared/upload`: image upload (antd-mobile's uploader and image viewer), a federated
 * singleton of its own that loads with the screens that upload evidence or pictures.
 */
export { ImageUploadField, type ImageUploadFieldProps } from './ui/image-upload-field';
export { uploadFile, UploadError, type UploadOptions } from './api/upload-file';
