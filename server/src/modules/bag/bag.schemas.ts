export { bagAddBody, bagRemoveBody, bagSelectBody, bagUpdateBody } from '@marketplace/shared/contracts';
