import type { BagSpec, ProductSpec } from '@marketplace/shared/contracts';
import { productImageUrl } from '../images/images.service';

/** The spec must name exactly the product's specs, each with one of its options (the bag and checkout alike). */
export const validSpec = (specs: ProductSpec[], chosen: BagSpec) =>
  Object.keys(chosen).length === specs.length &&
  specs.every((spec) => Object.hasOwn(chosen, spec.name) && spec.options.includes(chosen[spec.name] ?? ''));

interface ProductLine {
  productId: number;
  title: string;
  spec: BagSpec;
  unitPrice: number;
  quantity: number;
  stock: number;
}

/** What a bag line and a checkout line show of the product chosen: title, picture, spec, price, quantity, stock. */
export const productOfLine = (line: ProductLine) => ({
  productId: line.productId,
  title: line.title,
  image: productImageUrl(line.productId),
  spec: line.spec,
  unitPrice: line.unitPrice,
  quantity: line.quantity,
  stock: line.stock,
});
