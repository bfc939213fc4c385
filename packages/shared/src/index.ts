export * from './constants.js';
export * from './schemas/common.js';
export * from './schemas/product.js';
export * from './schemas/review.js';
export * from './schemas/contact.js';
export * from './schemas/health.js';
export * from './schemas/user.js';
export * from './schemas/order.js';
